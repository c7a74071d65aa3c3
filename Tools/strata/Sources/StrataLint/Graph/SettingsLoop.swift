/// `for target in package.targets { … }`: the loop many packages end with to add settings to
/// every target (Apple's server packages share one such block), read without running it.
///
/// The loop is dropped, as it changes nothing the checker reads, when its body can be shown to
/// change only settings: it names none of the fields the checker reads as a member
/// (`.name`, `.path`, `.exclude`, `.sources`, `.dependencies`, and `.type` only to read it), no
/// `#` directive, no string inside an interpolation; and (checked by `ManifestEvaluator`, which
/// knows them) none of the manifest's own `var`s, so it cannot change a list a target is made
/// from later (its `let`s cannot change). Anything else leaves the manifest to SwiftPM.
enum SettingsLoop {
    /// The fields of a target the checker reads; the body may not touch them.
    static let readFields: Set = ["name", "path", "exclude", "sources", "dependencies", "targets"]

    /// The loop whose `{` is at `start`, after the header tokens it takes from `tokens`; nil when the brace opens anything else.
    static func body(
        _ bytes: [UInt8], from start: Int, after tokens: inout [ManifestToken], line: Int
    ) throws(DeclarativeManifest.Unsupported) -> (token: ManifestToken, end: Int, lines: Int)? {
        let header = tokens.suffix(6)
        guard header.count == 6, let first = header.first, first.startsLine,
            header.map(\.text) == ["for", header[header.startIndex + 1].text, "in", "package", ".", "targets"],
            header[header.startIndex + 1].kind == .name
        else { return nil }
        var scanner = Scanner(bytes: bytes, index: start + 1, line: line)
        try scanner.scan()
        tokens.removeLast(6)
        let token = ManifestToken(
            kind: .settingsLoop(names: scanner.names), text: "for", line: first.line, startsLine: true)
        return (token, scanner.index, scanner.line - line)
    }

    /// Walks the body to its closing brace, gathering names and refusing what could change a target's fields.
    private struct Scanner {
        let bytes: [UInt8]
        var index: Int
        var line: Int
        var names: Set<String> = []
        var depth = 1

        func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }

        func giveUp(_ reason: String) -> DeclarativeManifest.Unsupported {
            .init(reason: "has a loop over the targets that " + reason, line: line)
        }

        mutating func scan() throws(DeclarativeManifest.Unsupported) {
            var afterDot = false
            while depth > 0 {
                guard index < bytes.count else { throw giveUp("does not end") }
                let current = bytes[index]
                switch current {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    index += 1
                    continue  // `target . path` is still a member
                case UInt8(ascii: "\n"):
                    line += 1
                    index += 1
                    continue
                case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"):
                    throw giveUp("has a block comment")
                case UInt8(ascii: "\""):
                    try string()
                case UInt8(ascii: "#"):
                    throw giveUp("has # (#if, a macro or a raw string)")
                case UInt8(ascii: "{"):
                    depth += 1
                    index += 1
                case UInt8(ascii: "}"):
                    depth -= 1
                    index += 1
                case _ where Byte.isIdentifierStart(current):
                    let name = self.name()
                    if afterDot, SettingsLoop.readFields.contains(name) {
                        throw giveUp("reads or changes .\(name)")
                    }
                    if afterDot, name == "type", assignsNext() { throw giveUp("changes .type") }
                    if !afterDot { names.insert(name) }
                    afterDot = false
                    continue
                default:
                    index += 1
                }
                afterDot = current == UInt8(ascii: ".")
            }
        }

        /// Whether the next thing after spaces is `=` (and not `==`).
        func assignsNext() -> Bool {
            var next = index
            while next < bytes.count, bytes[next] == UInt8(ascii: " ") { next += 1 }
            return byte(next) == UInt8(ascii: "=") && byte(next + 1) != UInt8(ascii: "=")
        }

        /// Past a `"…"` literal; an interpolation's names are gathered, a string inside one refused.
        mutating func string() throws(DeclarativeManifest.Unsupported) {
            guard !(byte(index + 1) == UInt8(ascii: "\"") && byte(index + 2) == UInt8(ascii: "\"")) else {
                throw giveUp("has a multi-line string")
            }
            index += 1
            while true {
                guard index < bytes.count, bytes[index] != UInt8(ascii: "\n") else {
                    throw giveUp("has a string that does not end")
                }
                let current = bytes[index]
                if current == UInt8(ascii: "\"") {
                    index += 1
                    return
                }
                if current == UInt8(ascii: "\\"), byte(index + 1) == UInt8(ascii: "(") {
                    index += 2
                    try interpolation()
                } else {
                    index += current == UInt8(ascii: "\\") ? 2 : 1
                }
            }
        }

        /// Inside `\( … )`: names only, parentheses balanced.
        mutating func interpolation() throws(DeclarativeManifest.Unsupported) {
            var parentheses = 1
            while parentheses > 0 {
                guard index < bytes.count, bytes[index] != UInt8(ascii: "\n") else {
                    throw giveUp("has a string that does not end")
                }
                let current = bytes[index]
                if current == UInt8(ascii: "\"") { throw giveUp("has a string inside an interpolation") }
                if current == UInt8(ascii: "(") { parentheses += 1 }
                if current == UInt8(ascii: ")") { parentheses -= 1 }
                if Byte.isIdentifierStart(current) {
                    let afterDot = bytes[index - 1] == UInt8(ascii: ".")
                    let name = self.name()
                    if afterDot, SettingsLoop.readFields.contains(name) {
                        throw giveUp("reads or changes .\(name)")
                    }
                    names.insert(name)
                    continue
                }
                index += 1
            }
        }

        /// The name that starts at `index`, which moves past it.
        mutating func name() -> String {
            let start = index
            while index < bytes.count, Byte.isIdentifierBody(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
    }
}
