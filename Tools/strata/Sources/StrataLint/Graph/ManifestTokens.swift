/// The tokens of a declarative manifest, or the reason it is not one.
///
/// Code that runs needs a body or a directive: closures, functions, types, loops, conditions
/// and computed properties all have braces, `#if` and macros a `#`, an inout argument a `&`,
/// and an interpolated string runs code inside it. The lexer refuses all of those outside
/// comments and strings, so what the parser sees is only names, literals, calls and operators.
struct ManifestToken: Equatable {
    enum Kind: Equatable {
        case name
        /// A string literal; `value` is nil when it escapes a character or spans lines.
        case string(value: String?)
        case number
        /// One of `( ) [ ] , : ; . =`.
        case punctuation
        /// An operator, and how Swift's whitespace rule binds it.
        case `operator`(Fixity)
        /// A whole `for target in package.targets { … }` that changes only settings, with every
        /// name its body mentions (see `SettingsLoop`).
        case settingsLoop(names: Set<String>)
    }

    enum Fixity: Equatable { case prefix, postfix, infix }

    var kind: Kind
    var text: String
    var line: Int
    /// Whether a line break comes before the token (a statement may end there).
    var startsLine: Bool
    /// The byte offset where the token starts, for edits (`ManifestTargetsArray`).
    var offset = 0
}

enum ManifestLexer {
    static func tokens(_ bytes: [UInt8]) throws(DeclarativeManifest.Unsupported) -> [ManifestToken] {
        var lexer = Cursor(bytes: bytes)
        return try lexer.all()
    }

    private struct Cursor {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var sawLineBreak = true
        var tokens: [ManifestToken] = []

        func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

        func giveUp(_ reason: String) -> DeclarativeManifest.Unsupported { .init(reason: reason, line: line) }

        mutating func all() throws(DeclarativeManifest.Unsupported) -> [ManifestToken] {
            while index < bytes.count {
                let current = bytes[index]
                switch current {
                case UInt8(ascii: "\n"):
                    line += 1
                    sawLineBreak = true
                    index += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    index += 1
                case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
                    skipBlockComment()
                case UInt8(ascii: "\""):
                    try string()
                case UInt8(ascii: "{"):
                    guard let loop = try SettingsLoop.body(bytes, from: index, after: &tokens, line: line) else {
                        throw giveUp("has code that runs (a closure, function, type or statement with a body)")
                    }
                    tokens.append(loop.token)
                    line += loop.lines
                    index = loop.end
                    sawLineBreak = false
                case UInt8(ascii: "#"): throw giveUp("has #if, a macro or a raw string")
                case UInt8(ascii: "&"): throw giveUp("uses &")
                case _ where Byte.isIdentifierStart(current):
                    let start = index
                    while index < bytes.count, Byte.isIdentifierBody(bytes[index]) { index += 1 }
                    add(.name, from: start)
                case _ where Byte.isDigit(current):
                    let start = index
                    while index < bytes.count,
                        Byte.isIdentifierBody(bytes[index])
                            || (bytes[index] == UInt8(ascii: ".") && Byte.isDigit(byte(index + 1)))
                    {
                        index += 1
                    }
                    add(.number, from: start)
                case UInt8(ascii: "."):
                    // `..<` and `...` are operators; a lone dot is member access.
                    if byte(index + 1) == UInt8(ascii: ".") { operatorToken() } else { punctuation() }
                case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"),
                    UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"):
                    punctuation()
                case _ where Self.isOperator(current):
                    operatorToken()
                default:
                    throw giveUp("has a character the reader does not know: \(Character(UnicodeScalar(current)))")
                }
            }
            return tokens
        }

        mutating func add(_ kind: ManifestToken.Kind, from start: Int) {
            tokens.append(
                ManifestToken(
                    kind: kind, text: String(decoding: bytes[start..<index], as: UTF8.self), line: line,
                    startsLine: sawLineBreak, offset: start))
            sawLineBreak = false
        }

        mutating func punctuation() {
            let start = index
            index += 1
            add(.punctuation, from: start)
        }

        /// An operator; a lone `=` is punctuation (assignment), and whitespace decides the fixity.
        mutating func operatorToken() {
            let start = index
            let dotted = bytes[index] == UInt8(ascii: ".")
            while index < bytes.count, Self.isOperator(bytes[index]) || (dotted && bytes[index] == UInt8(ascii: ".")) {
                index += 1
            }
            if index - start == 1, bytes[start] == UInt8(ascii: "=") {
                add(.punctuation, from: start)
                return
            }
            let before = start == 0 ? UInt8(ascii: " ") : bytes[start - 1]
            let after = byte(index)
            let leftBound = !Self.isSpace(before) && !"([{,;:".utf8.contains(before)
            let rightBound = !Self.isSpace(after) && after != 0 && !")]},;:".utf8.contains(after)
            // Swift's rule: bound on both sides or neither is infix; bound on the left and
            // followed by a dot (`a?.b`, `a!.b`) is postfix.
            let fixity: ManifestToken.Fixity =
                leftBound && after == UInt8(ascii: ".")
                ? .postfix : leftBound == rightBound ? .infix : (leftBound ? .postfix : .prefix)
            add(.operator(fixity), from: start)
        }

        /// A `"…"` literal, or a multi-line one (whose value is left unknown: its indentation rules are SwiftPM's to apply).
        mutating func string() throws(DeclarativeManifest.Unsupported) {
            let start = index
            let quote = UInt8(ascii: "\"")
            let multiline = byte(index + 1) == quote && byte(index + 2) == quote
            index += multiline ? 3 : 1
            var escaped = multiline
            let startLine = line
            while true {
                guard index < bytes.count else { throw giveUp("has a string that does not end") }
                let current = bytes[index]
                if current == UInt8(ascii: "\\") {
                    if byte(index + 1) == UInt8(ascii: "(") { throw giveUp("interpolates a string") }
                    escaped = true
                    index += 2
                } else if current == quote, !multiline {
                    index += 1
                    break
                } else if current == quote, byte(index + 1) == quote, byte(index + 2) == quote {
                    index += 3
                    break
                } else if current == UInt8(ascii: "\n") {
                    guard multiline else { throw giveUp("has a string that does not end") }
                    line += 1
                    index += 1
                } else {
                    index += 1
                }
            }
            let value = escaped ? nil : String(decoding: bytes[(start + 1)..<(index - 1)], as: UTF8.self)
            tokens.append(
                ManifestToken(
                    kind: .string(value: value), text: "\"…\"", line: startLine, startsLine: sawLineBreak,
                    offset: start))
            sawLineBreak = false
        }

        /// Past a `/* … */` comment, which nests.
        mutating func skipBlockComment() {
            index += 2
            var depth = 1
            while index < bytes.count, depth > 0 {
                if bytes[index] == UInt8(ascii: "/"), byte(index + 1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if bytes[index] == UInt8(ascii: "*"), byte(index + 1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                } else {
                    if bytes[index] == UInt8(ascii: "\n") {
                        line += 1
                        sawLineBreak = true
                    }
                    index += 1
                }
            }
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "\r")
        }
        static func isOperator(_ byte: UInt8) -> Bool { "+-*/%<>!=?|^~".utf8.contains(byte) }
    }
}
