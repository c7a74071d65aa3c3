/// Where a declarative manifest's `targets:` array ends, so `strata new` can add entries to it.
///
/// The same lexer and reader as the checker's (`DeclarativeManifest`): a manifest the reader
/// refuses is refused here too, with its line, so the generator never edits code that runs.
public struct ManifestTargetsArray: Equatable, Sendable {
    /// Why the manifest cannot be edited safely, and where.
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// What stands in the way.
        public var reason: String
        /// The line of Package.swift it is on.
        public var line: Int

        public var description: String { "Package.swift:\(line) \(reason)" }
    }

    /// The byte offset of the array's closing `]`.
    public let closingOffset: Int
    /// The byte offset just past the array's last element (past its `[` when empty).
    public let lastElementEnd: Int
    /// Whether the array has no elements.
    public let isEmpty: Bool
    /// Whether the last element is followed by a comma.
    public let hasTrailingComma: Bool
    /// The indentation of the array's elements (one level deeper than `targets:` when empty).
    public let elementIndentation: String
    /// The indentation of the line that closes the array.
    public let closingIndentation: String
    /// The line of the `targets:` argument.
    public let line: Int

    /// Finds the array literal that `Package(…)`'s `targets:` argument is, or the one a `let`
    /// it names holds.
    ///
    /// - Throws: `Refusal` when the manifest is not declarative or its targets are not one array literal.
    public static func locate(in source: String) throws(Refusal) -> ManifestTargetsArray {
        do {
            _ = try DeclarativeManifest.read(source)
        } catch {
            throw Refusal(reason: error.reason, line: error.line)
        }
        let bytes = Array(source.utf8)
        let tokens: [ManifestToken]
        do {
            tokens = try ManifestLexer.tokens(bytes)
        } catch {
            throw Refusal(reason: error.reason, line: error.line)
        }
        guard
            let package = tokens.indices.first(where: {
                isName(tokens[$0], "Package") && isPunctuation(tokens, $0 + 1, "(")
            }),
            let argument = argumentValue(named: "targets", inCallOpenedAt: package + 1, tokens)
        else {
            throw Refusal(reason: "has no `targets:` argument in its Package(…)", line: 1)
        }
        // The argument is the array itself, or the one name of a top-level `let` that is the array.
        func endsArgument(_ index: Int) -> Bool {
            isPunctuation(tokens, index, ",") || isPunctuation(tokens, index, ")")
        }
        var open = argument
        var viaDeclaration = false
        if tokens[argument].kind == .name, endsArgument(argument + 1),
            let declared = declaration(of: tokens[argument].text, tokens)
        {
            (open, viaDeclaration) = (declared, true)
        }
        guard isPunctuation(tokens, open, "["), let close = matching(open, tokens),
            viaDeclaration ? close + 1 == tokens.count || tokens[close + 1].startsLine : endsArgument(close + 1)
        else {
            throw Refusal(
                reason: "gives the targets as an expression, not one array literal", line: tokens[argument].line)
        }
        let last = close - 1
        let hasTrailingComma = last > open && isPunctuation(tokens, last, ",")
        let lastElement = hasTrailingComma ? last - 1 : last
        let end = lastElement > open ? endOffset(of: lastElement, tokens, bytes) : tokens[open].offset + 1
        let outer = indentation(before: tokens[argument].offset, bytes)
        let firstElement = open + 1 < close ? tokens[open + 1] : nil
        // Elements on the line of `[` (`[.target(…)]`) go one level deeper on lines of their own.
        let elementIndentation =
            firstElement.flatMap { $0.startsLine ? indentation(before: $0.offset, bytes) : nil } ?? outer + "    "
        return ManifestTargetsArray(
            closingOffset: tokens[close].offset, lastElementEnd: end, isEmpty: firstElement == nil,
            hasTrailingComma: hasTrailingComma, elementIndentation: elementIndentation,
            closingIndentation: tokens[close].startsLine ? indentation(before: tokens[close].offset, bytes) : outer,
            line: tokens[argument].line)
    }

    /// `source` with `entries` added at the end of the array, one a line, each with a trailing comma.
    public func inserting(_ entries: [String], into source: String) -> String {
        let bytes = Array(source.utf8)
        // What followed the last element (its comma, a comment, the line break before `]`) follows the new ones.
        var between = String(decoding: bytes[lastElementEnd..<closingOffset], as: UTF8.self)
        if hasTrailingComma, let comma = between.firstIndex(of: ",") { between.remove(at: comma) }
        if !between.contains("\n") { between = "\n" + closingIndentation }
        let added = (isEmpty ? "" : ",") + entries.map { "\n" + elementIndentation + $0 + "," }.joined()
        return String(decoding: bytes[..<lastElementEnd], as: UTF8.self) + added + between
            + String(decoding: bytes[closingOffset...], as: UTF8.self)
    }

    // MARK: - Token helpers

    private static func isName(_ token: ManifestToken, _ text: String) -> Bool {
        token.kind == .name && token.text == text
    }

    private static func isPunctuation(_ tokens: [ManifestToken], _ index: Int, _ text: String) -> Bool {
        index < tokens.count && tokens[index].kind == .punctuation && tokens[index].text == text
    }

    /// The token index after `(`, `[`: the index of its matching closer.
    private static func matching(_ open: Int, _ tokens: [ManifestToken]) -> Int? {
        var depth = 0
        for index in open..<tokens.count where tokens[index].kind == .punctuation {
            switch tokens[index].text {
            case "(", "[": depth += 1
            case ")", "]":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    /// The first token of the value of argument `label` in the call whose `(` is at `open`.
    private static func argumentValue(named label: String, inCallOpenedAt open: Int, _ tokens: [ManifestToken]) -> Int?
    {
        guard let close = matching(open, tokens) else { return nil }
        var depth = 0
        var index = open + 1
        while index < close {
            let token = tokens[index]
            if token.kind == .punctuation, "([".contains(token.text) { depth += 1 }
            if token.kind == .punctuation, ")]".contains(token.text) { depth -= 1 }
            if depth == 0, isName(token, label), isPunctuation(tokens, index + 1, ":"),
                isPunctuation(tokens, index - 1, ",") || index == open + 1
            {
                return index + 2
            }
            index += 1
        }
        return nil
    }

    /// The `[` of `let name … = [` at the top level, when there is exactly one such declaration.
    private static func declaration(of name: String, _ tokens: [ManifestToken]) -> Int? {
        let found = tokens.indices.filter { index in
            index > 0 && (isName(tokens[index - 1], "let") || isName(tokens[index - 1], "var"))
                && isName(tokens[index], name) && tokens[index - 1].startsLine
        }
        guard found.count == 1, let start = found.first else { return nil }
        var index = start + 1
        while index < tokens.count, !isPunctuation(tokens, index, "=") { index += 1 }
        return index + 1 < tokens.count ? index + 1 : nil
    }

    /// The byte offset just past token `index`, or past the bracketed group it closes.
    private static func endOffset(of index: Int, _ tokens: [ManifestToken], _ bytes: [UInt8]) -> Int {
        let token = tokens[index]
        if case .string = token.kind {
            // A string token's text is a placeholder: find the closing quote in the bytes.
            var cursor = token.offset + 1
            while cursor < bytes.count {
                if bytes[cursor] == UInt8(ascii: "\\") {
                    cursor += 2
                    continue
                }
                if bytes[cursor] == UInt8(ascii: "\"") { return cursor + 1 }
                cursor += 1
            }
            return bytes.count
        }
        return token.offset + token.text.utf8.count
    }

    /// The spaces and tabs that open the line `offset` is on.
    private static func indentation(before offset: Int, _ bytes: [UInt8]) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
