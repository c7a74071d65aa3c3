import Foundation
import SwiftParser
import SwiftSyntax

/// Package.swift's `Feature(…)` list, found by swift-syntax: the array literal a top-level
/// `let`/`var` of type `[Feature]` holds (or, without the annotation, one whose elements are all
/// `Feature("Name", …)` calls).
///
/// An entry is a `Feature("Name", …)` element however it is laid out (on one line or several, with
/// any line endings); edits change only its bytes, so a hand-written manifest keeps its formatting.
public struct FeatureList {
    /// The manifest's text.
    public let text: String
    private let syntax: ManifestSyntax

    /// Parses a manifest's text.
    public init(text: String) {
        self.text = text
        syntax = ManifestSyntax(text)
    }

    /// Whether the manifest declares a `Feature(…)` list, one strata can edit or not (two, or one
    /// computed by code, which `inserting` then refuses with where and why).
    public var exists: Bool {
        do {
            _ = try syntax.featureList()
            return true
        } catch {
            return error.line != 0
        }
    }

    /// The names of the features the list declares, in order.
    public var names: [String] {
        guard let list = try? syntax.featureList() else { return [] }
        return list.elements.compactMap { ManifestSyntax.featureName($0.expression) }
    }

    /// Whether the list declares feature `name`.
    public func declares(_ name: String) -> Bool { names.contains(name) }

    /// The manifest with `entry` appended to the list on a line of its own, indented like the other
    /// entries; and that line as written (without its line break), for the record.
    ///
    /// - Throws: `StrataError.validation` when there is no list, or it cannot be edited.
    public func inserting(_ entry: String, template: String = "Feature") throws -> (text: String, line: String) {
        let list: ArrayExprSyntax
        do {
            list = try syntax.featureList()
        } catch let refusal where refusal.line == 0 {
            throw StrataError.validation(
                "the \(template) template adds a `Feature(…)` entry, and Package.swift has no `let features: [Feature] = [ … ]` list; use `--template Layers` (targets in SwiftPM's default layout) or start from `strata create`"
            )
        } catch {
            throw StrataError.validation("\(error); nothing was written")
        }
        let splices = syntax.appending([entry], to: list, after: list.elements.last, multiline: true)
        let after = syntax.applying(splices)
        let added = FeatureList(text: after)
        guard let element = added.element(named: ManifestSyntax.featureName(entry) ?? "") else {
            throw StrataError.badData("the \(template) template's manifestEntry is not a `Feature(\"Name\", …)` call")
        }
        let line = added.syntax.indentation(of: ManifestSyntax.start(element)) + entry + ","
        return (after, line)
    }

    /// The manifest with feature `name`'s entry removed, when it is still the one `recorded` (a line
    /// as `inserting` returned it; only tokens count, so reformatting is not an edit), or any entry
    /// of `name` when `recorded` is nil.
    ///
    /// - Throws: `StrataError.conflict` when there is no such entry, or it was edited.
    public func removing(_ name: String, recorded: String?) throws -> String {
        let (elements, index) = try editable(name, recorded: recorded)
        return syntax.applying(syntax.removals([index], in: elements))
    }

    /// The manifest with feature `name`'s entry, still the one `recorded`, replaced by `entry`; and
    /// the new entry's line for the record.
    ///
    /// - Throws: `StrataError.conflict` when there is no such entry, or it was edited.
    public func replacing(_ name: String, recorded: String, with entry: String) throws -> (text: String, line: String) {
        let (elements, index) = try editable(name, recorded: recorded)
        let expression = elements[index].expression
        let splice = TextSplice(
            start: ManifestSyntax.start(expression), end: ManifestSyntax.end(expression), text: entry)
        return (
            syntax.applying([splice]), syntax.indentation(of: ManifestSyntax.start(expression)) + entry + ","
        )
    }

    /// Feature `name`'s entry as a line for the record (indentation, `entry`, comma) when it is `entry` (only tokens count).
    public func line(of name: String, ifItIs entry: String) -> String? {
        guard let element = element(named: name), ManifestSyntax.sameTokens(element.expression, entry) else {
            return nil
        }
        return syntax.indentation(of: ManifestSyntax.start(element)) + entry + ","
    }

    private func element(named name: String) -> ArrayElementSyntax? {
        guard let list = try? syntax.featureList() else { return nil }
        return list.elements.first { ManifestSyntax.featureName($0.expression) == name }
    }

    /// The list's elements and the index of the one declaring `name`, unchanged since `recorded`.
    private func editable(_ name: String, recorded: String?) throws -> ([ArrayElementSyntax], Int) {
        let elements: [ArrayElementSyntax]
        do {
            elements = Array(try syntax.featureList().elements)
        } catch {
            throw StrataError.conflict("\(error); change the \(name) entry by hand or pass --force")
        }
        let matching = elements.indices.filter { ManifestSyntax.featureName(elements[$0].expression) == name }
        guard matching.count == 1, let index = matching.first,
            recorded.map({ ManifestSyntax.sameTokens(elements[index].expression, $0) }) ?? true
        else {
            throw StrataError.conflict(
                "Package.swift's \(name) entry is not the one strata added (\(recorded.map(ManifestSyntax.entry(ofLine:)) ?? name)); it was edited, so change it by hand or pass --force"
            )
        }
        return (elements, index)
    }
}

extension ManifestSyntax {
    /// The array literal of the manifest's `Feature(…)` list.
    ///
    /// - Throws: `ManifestRefusal` at line 0 when there is none; at the syntax when there are two or
    ///   the list is computed by code.
    func featureList() throws(ManifestRefusal) -> ArrayExprSyntax {
        let bindings = tree.statements.compactMap { $0.item.as(VariableDeclSyntax.self) }.flatMap(\.bindings)
        let lists = bindings.filter { binding in
            if let type = binding.typeAnnotation?.type {
                return Self.isFeatureArray(type)
            }
            guard let array = binding.initializer?.value.as(ArrayExprSyntax.self), !array.elements.isEmpty else {
                return false
            }
            return array.elements.allSatisfy { Self.featureName($0.expression) != nil }
        }
        guard let binding = lists.first else {
            throw ManifestRefusal(line: 0, column: 0, reason: "has no `let features: [Feature] = [ … ]` list")
        }
        guard lists.count == 1 else {
            throw refusal(at: lists[1], "has a second `[Feature]` list; keep one, or add the feature by hand")
        }
        guard let array = binding.initializer?.value.as(ArrayExprSyntax.self) else {
            throw refusal(
                at: binding, "the `[Feature]` list is computed by code, not an array literal; add the feature by hand")
        }
        return array
    }

    /// Whether `type` is `[Feature]` or `Array<Feature>`.
    private static func isFeatureArray(_ type: TypeSyntax) -> Bool {
        let text = type.trimmedDescription.filter { !$0.isWhitespace }
        return text == "[Feature]" || text == "Array<Feature>"
    }

    /// `Name` for the call `Feature("Name", …)`; nil for anything else.
    static func featureName(_ expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Feature",
            let first = call.arguments.first, first.label == nil
        else { return nil }
        return plainString(first.expression)
    }

    /// `Name` for the text `Feature("Name", …)`.
    static func featureName(_ text: String) -> String? {
        let parsed = Parser.parse(source: text)
        guard let item = parsed.statements.first?.item, let expression = item.as(ExprSyntax.self) else { return nil }
        return featureName(expression)
    }

    /// A recorded line without its indentation and final comma: the entry.
    static func entry(ofLine line: String) -> String {
        var entry = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if entry.hasSuffix(",") { entry.removeLast() }
        return entry
    }

    /// Whether `node` has the tokens of `text` (a recorded entry, its indentation and comma aside):
    /// spaces, line breaks and comments do not count.
    static func sameTokens(_ node: some SyntaxProtocol, _ text: String) -> Bool {
        let recorded = Parser.parse(source: entry(ofLine: text)).tokens(viewMode: .sourceAccurate).map(\.text)
            .filter { !$0.isEmpty }
        return node.tokens(viewMode: .sourceAccurate).map(\.text).filter { !$0.isEmpty } == recorded
    }
}
