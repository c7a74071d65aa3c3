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
        return syntax.applying(syntax.appending(entries, to: try syntax.targetsArray(), multiline: true))
    }

    /// `manifest` with `entry` (`"Name"` or `.product(name:package:)`) added to target `target`'s dependencies.
    ///
    /// A call without `dependencies:` gets one right after `name:`, where SwiftPM's parameter order puts it.
    /// - Throws: `ManifestRefusal` when the target or its dependencies are not written out as literals.
    public static func addingDependency(_ entry: String, to target: String, in manifest: String) throws(ManifestRefusal)
        -> String
    {
        let syntax = ManifestSyntax(manifest)
        let call = try syntax.targetCall(named: target)
        if let array = try syntax.dependencies(of: call, target: target) {
            let multiline =
                syntax.startsLine(ManifestSyntax.start(array.rightSquare))
                || array.elements.contains { syntax.startsLine(ManifestSyntax.start($0)) }
            return syntax.applying(syntax.appending([entry], to: array, multiline: multiline))
        }
        guard let name = call.arguments.first(where: { $0.label?.text == "name" }) else {
            throw syntax.refusal(at: call, "target \(target) has no `name:` argument; add the dependency by hand")
        }
        let argument = "dependencies: [\(entry)]"
        let names = Array(call.arguments)
        if let index = names.firstIndex(of: name), index + 1 < names.count {
            let next = ManifestSyntax.start(names[index + 1])
            let text =
                syntax.startsLine(next)
                ? argument + "," + syntax.lineEnding + syntax.indentation(of: next) : argument + ", "
            return syntax.applying([TextSplice(start: next, end: next, text: text)])
        }
        if let comma = name.trailingComma {
            let end = ManifestSyntax.end(comma)
            return syntax.applying([TextSplice(start: end, end: end, text: " " + argument)])
        }
        let end = ManifestSyntax.end(name)
        return syntax.applying([TextSplice(start: end, end: end, text: ", " + argument)])
    }

    /// `manifest` without the entry naming `dependency` (`"Name"`, `.target(name:)`, `.byName(name:)`,
    /// `.product(name:…)`) in target `target`'s dependencies; unchanged when there is none.
    ///
    /// - Throws: `ManifestRefusal` when the target or its dependencies are not written out as literals.
    public static func removingDependency(_ dependency: String, from target: String, in manifest: String)
        throws(ManifestRefusal) -> String
    {
        let syntax = ManifestSyntax(manifest)
        let call = try syntax.targetCall(named: target)
        guard let array = try syntax.dependencies(of: call, target: target) else { return manifest }
        let elements = Array(array.elements)
        guard let index = elements.firstIndex(where: { Self.names($0.expression) == dependency }) else {
            return manifest
        }
        return syntax.applying([syntax.removal(of: index, in: elements)])
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
    func appending(_ entries: [String], to array: ArrayExprSyntax, multiline: Bool) -> [TextSplice] {
        let elements = Array(array.elements)
        let close = Self.start(array.rightSquare)
        guard multiline else {
            guard let last = elements.last else {
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
        guard let last = elements.last else {
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
