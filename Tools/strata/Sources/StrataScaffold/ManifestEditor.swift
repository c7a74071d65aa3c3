import SwiftSyntax

/// Adds and removes entries of Package.swift's `targets:` and `dependencies:` arrays, as
/// `swift package add-target` does: found by swift-syntax, changed as text at their positions.
///
/// The tree is never printed again, so every byte the edit does not touch stays as it was: the
/// user's indentation (tabs or spaces), line endings, trailing commas and comments.
public enum ManifestEditor {
    /// `manifest` with `entries` appended to its `targets:` array, one a line.
    ///
    /// - Throws: `ManifestRefusal` at the syntax that stops the edit.
    public static func addingTargets(_ entries: [String], to manifest: String) throws(ManifestRefusal) -> String {
        let syntax = ManifestSyntax(manifest)
        let array = try syntax.targetsArray()
        return syntax.applying(syntax.appending(entries, to: array, after: array.elements.last, multiline: true))
    }

    /// `manifest` without the entries of its `targets:` array that declare one of `names`.
    ///
    /// - Throws: `ManifestRefusal` at the syntax that stops the edit.
    public static func removingTargets(_ names: [String], from manifest: String) throws(ManifestRefusal) -> String {
        let syntax = ManifestSyntax(manifest)
        let elements = Array(try syntax.targetsArray().elements)
        let removed = elements.indices.filter { index in
            elements[index].expression.as(FunctionCallExprSyntax.self)
                .flatMap { ManifestSyntax.stringArgument("name", of: $0) }.map(names.contains) == true
        }
        return syntax.applying(syntax.removals(removed, in: elements))
    }

    /// `manifest` with the one `targets:` entry that is still `entry` (as rendered; only tokens count,
    /// so reformatting is not an edit) replaced by `replacement`, or removed; nil unless exactly one is.
    public static func replacingTarget(_ entry: String, with replacement: String?, in manifest: String) -> String? {
        let syntax = ManifestSyntax(manifest)
        guard let elements = (try? syntax.targetsArray()).map({ Array($0.elements) }) else { return nil }
        let matching = elements.indices.filter { ManifestSyntax.sameTokens(elements[$0].expression, entry) }
        guard matching.count == 1, let index = matching.first else { return nil }
        guard let replacement else { return syntax.applying(syntax.removals([index], in: elements)) }
        let expression = elements[index].expression
        return syntax.applying([
            TextSplice(start: ManifestSyntax.start(expression), end: ManifestSyntax.end(expression), text: replacement)
        ])
    }

    /// Whether exactly one `targets:` entry is `entry` (only tokens count).
    public static func hasTarget(_ entry: String, in manifest: String) -> Bool {
        guard let elements = try? ManifestSyntax(manifest).targetsArray().elements else { return false }
        return elements.filter { ManifestSyntax.sameTokens($0.expression, entry) }.count == 1
    }

    /// The names the `targets:` array's entries declare; nil when the array is built by code.
    public static func targetNames(in manifest: String) -> [String]? {
        guard let elements = try? ManifestSyntax(manifest).targetsArray().elements else { return nil }
        return elements.compactMap {
            $0.expression.as(FunctionCallExprSyntax.self).flatMap { ManifestSyntax.stringArgument("name", of: $0) }
        }
    }

    /// What to change in one target's `dependencies:`.
    public struct DependencyChange: Sendable, Equatable {
        /// The target's name.
        public var target: String
        /// Entries to add: `"Name"` or `.product(name: "P", package: "p")`.
        public var adding: [String]
        /// Modules whose entries go (`"Name"`, `.target(name:)`, `.byName(name:)`, `.product(name:…)`).
        public var removing: [String]

        public init(target: String, adding: [String] = [], removing: [String] = []) {
            self.target = target
            self.adding = adding
            self.removing = removing
        }
    }

    /// `manifest` with every change made that can be, from one parse, and the targets it refused.
    ///
    /// Each target's entries are changed at their own positions, so the changes of different
    /// targets never touch. A target without `dependencies:` gets one right after `name:`, where
    /// SwiftPM's parameter order puts it; an entry already there is not added twice.
    public static func changingDependencies(_ changes: [DependencyChange], in manifest: String) -> (
        text: String, refused: [String: ManifestRefusal]
    ) {
        let syntax = ManifestSyntax(manifest)
        var splices: [TextSplice] = []
        var refused: [String: ManifestRefusal] = [:]
        for change in changes {
            do {
                splices += try syntax.dependencySplices(change)
            } catch {
                refused[change.target] = error
            }
        }
        return (syntax.applying(splices), refused)
    }

    /// `manifest` with `entry` added to target `target`'s dependencies.
    ///
    /// - Throws: `ManifestRefusal` when the target or its dependencies are not written out as literals.
    public static func addingDependency(_ entry: String, to target: String, in manifest: String) throws(ManifestRefusal)
        -> String
    {
        try changing(DependencyChange(target: target, adding: [entry]), in: manifest)
    }

    /// `manifest` without the entry naming `dependency` in target `target`'s dependencies; unchanged when there is none.
    ///
    /// - Throws: `ManifestRefusal` when the target or its dependencies are not written out as literals.
    public static func removingDependency(_ dependency: String, from target: String, in manifest: String)
        throws(ManifestRefusal) -> String
    {
        try changing(DependencyChange(target: target, removing: [dependency]), in: manifest)
    }

    private static func changing(_ change: DependencyChange, in manifest: String) throws(ManifestRefusal) -> String {
        let result = changingDependencies([change], in: manifest)
        if let refusal = result.refused[change.target] { throw refusal }
        return result.text
    }

    /// The module an entry of a `dependencies:` array names, when it is written out.
    static func names(_ expression: ExprSyntax) -> String? {
        if let name = ManifestSyntax.plainString(expression) { return name }
        guard let call = expression.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["target", "byName", "product"].contains(member.declName.baseName.text)
        else { return nil }
        return ManifestSyntax.stringArgument("name", of: call)
    }
}

/// Replaces the bytes `start..<end` of a manifest with `text`.
struct TextSplice {
    var start: Int
    var end: Int
    var text: String
}

extension ManifestSyntax {
    /// The splices that make `change` in its target's call.
    func dependencySplices(_ change: ManifestEditor.DependencyChange) throws(ManifestRefusal) -> [TextSplice] {
        if let mutation = dependencyMutations.first {
            throw refusal(
                at: mutation,
                "code changes targets' dependencies after they are declared (`\(mutation.trimmedDescription)`), so SwiftPM would not see an edit of \(change.target)'s; change its dependencies by hand"
            )
        }
        let call = try targetCall(named: change.target)
        guard let array = try dependencies(of: call, target: change.target) else {
            return change.adding.isEmpty ? [] : try dependenciesArgument(change.adding, in: call, target: change.target)
        }
        let elements = Array(array.elements)
        let names = elements.map { ManifestEditor.names($0.expression) }
        let removed = Set(elements.indices.filter { names[$0].map(change.removing.contains) == true })
        let present = Set(elements.map { $0.expression.trimmedDescription })
        var seen: Set<String> = []
        let adding = change.adding.filter { !present.contains($0) && seen.insert($0).inserted }
        let kept = elements.indices.filter { !removed.contains($0) }
        let multiline =
            startsLine(Self.start(array.rightSquare)) || elements.contains { startsLine(Self.start($0)) }
        // Insertions first: one at the offset where a removal starts must go in after the removal.
        return appending(adding, to: array, after: kept.last.map { elements[$0] }, multiline: multiline)
            + removals(removed.sorted(), in: elements)
    }

    /// The splices that remove the elements at `indices` (ascending).
    func removals(_ indices: [Int], in elements: [ArrayElementSyntax]) -> [TextSplice] {
        var removals: [TextSplice] = []
        for splice in indices.map({ removal(of: $0, in: elements) }) {
            // Two neighbours removed inline can claim the same comma: one splice for both.
            if let previous = removals.last, splice.start < previous.end {
                removals[removals.count - 1].end = max(previous.end, splice.end)
            } else {
                removals.append(splice)
            }
        }
        return removals
    }

    /// The splice that gives a call without `dependencies:` one, right after its `name:`.
    private func dependenciesArgument(_ entries: [String], in call: FunctionCallExprSyntax, target: String)
        throws(ManifestRefusal) -> [TextSplice]
    {
        let arguments = Array(call.arguments)
        guard let index = arguments.firstIndex(where: { $0.label?.text == "name" }) else {
            throw refusal(at: call, "target \(target) has no `name:` argument; add the dependency by hand")
        }
        let argument = "dependencies: [\(entries.joined(separator: ", "))]"
        if index + 1 < arguments.count {
            let next = Self.start(arguments[index + 1])
            let text = startsLine(next) ? argument + "," + lineEnding + indentation(of: next) : argument + ", "
            return [TextSplice(start: next, end: next, text: text)]
        }
        if let comma = arguments[index].trailingComma {
            return [TextSplice(start: Self.end(comma), end: Self.end(comma), text: " " + argument)]
        }
        let end = Self.end(arguments[index])
        return [TextSplice(start: end, end: end, text: ", " + argument)]
    }

    /// The manifest with `splices` made; they must not overlap, and two at one offset go in their order.
    func applying(_ splices: [TextSplice]) -> String {
        var result = bytes
        let lastFirst = splices.enumerated().sorted { ($0.element.start, $0.offset) > ($1.element.start, $1.offset) }
        for splice in lastFirst.map(\.element) {
            result.replaceSubrange(splice.start..<splice.end, with: Array(splice.text.utf8))
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The splices that append `entries` to `array`: each on a line of its own, indented like the
    /// elements, when `multiline`; else after the last element on its line.
    func appending(_ entries: [String], to array: ArrayExprSyntax, after last: ArrayElementSyntax?, multiline: Bool)
        -> [TextSplice]
    {
        guard !entries.isEmpty else { return [] }
        let elements = Array(array.elements)
        let close = Self.start(array.rightSquare)
        guard multiline else {
            guard let last else {
                return [TextSplice(start: close, end: close, text: entries.joined(separator: ", "))]
            }
            let end = Self.end(last.expression)
            return [TextSplice(start: end, end: end, text: entries.map { ", " + $0 }.joined())]
        }
        let outer = indentation(of: Self.start(array.leftSquare))
        let elementIndentation =
            elements.map { Self.start($0) }.first(where: startsLine).map(indentation(of:))
            ?? (startsLine(close) ? indentation(of: close) : outer) + indentUnit
        let lines = entries.map { elementIndentation + $0 + "," }
        guard let last else {
            if startsLine(close) {
                let start = lineStart(close)
                return [TextSplice(start: start, end: start, text: lines.map { $0 + lineEnding }.joined())]
            }
            let text = lines.map { lineEnding + $0 }.joined() + lineEnding + outer
            return [TextSplice(start: close, end: close, text: text)]
        }
        var splices: [TextSplice] = []
        if last.trailingComma == nil {
            let end = Self.end(last.expression)
            splices.append(TextSplice(start: end, end: end, text: ","))
        }
        // After the last element's line, so a comment that ends it stays with it.
        let lastEnd = Self.end(last)
        let lineEnd = lineBreak(after: lastEnd)
        if close < lineEnd {
            splices.append(
                TextSplice(start: close, end: close, text: lines.map { lineEnding + $0 }.joined() + lineEnding + outer))
        } else {
            splices.append(TextSplice(start: lineEnd, end: lineEnd, text: lines.map { lineEnding + $0 }.joined()))
        }
        return splices
    }

    /// The splice that removes element `index`: its whole line when it has one to itself, else the
    /// element and its comma.
    func removal(of index: Int, in elements: [ArrayElementSyntax]) -> TextSplice {
        let element = elements[index]
        let start = Self.start(element)
        let end = Self.end(element)
        if startsLine(start), endsLine(end) {
            return TextSplice(start: lineStart(start), end: nextLineStart(end), text: "")
        }
        if element.trailingComma != nil {
            let next = index + 1 < elements.count ? Self.start(elements[index + 1]) : end
            // Up to the next element on the same line; only the comma and spaces when it is further down.
            if next > end, !bytes[end..<next].contains(UInt8(ascii: "\n")) {
                return TextSplice(start: start, end: next, text: "")
            }
            var first = start
            while first > 0, bytes[first - 1] == UInt8(ascii: " ") || bytes[first - 1] == UInt8(ascii: "\t") {
                first -= 1
            }
            return TextSplice(start: first, end: end, text: "")
        }
        if index > 0, let comma = elements[index - 1].trailingComma {
            return TextSplice(start: Self.start(comma), end: end, text: "")
        }
        return TextSplice(start: start, end: end, text: "")
    }
}
