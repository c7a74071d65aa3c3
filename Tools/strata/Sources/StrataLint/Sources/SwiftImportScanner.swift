/// Finds the `import` declarations of a Swift source file with a dedicated lexer, and on the
/// same pass its type declarations and, when asked, its string literals.
///
/// The lexer knows what can hide the word `import`: line and nested block comments, string
/// literals (single-line, multi-line, raw with any number of `#`, interpolations nesting
/// further strings), extended regex literals (`#/.../#`), backticked identifiers and member
/// names (`x.import`). It follows `#if`/`#elseif`/`#else`/`#endif` and skips imports in
/// branches `BuildConditions` proves inactive. It does not build a syntax tree, which keeps
/// it fast enough to read thousands of files per second per core. Because it already knows
/// where comments and strings are, `requires` rules (type declarations) and `forbidden_text`
/// rules (string literal contents) reuse it instead of a second, less careful reader.
public struct SwiftImportScanner: Sendable {
    /// The build assumptions `#if` conditions are evaluated against.
    public let conditions: BuildConditions

    /// Creates a scanner with the given build assumptions.
    public init(conditions: BuildConditions = BuildConditions()) {
        self.conditions = conditions
    }

    /// The imports of a source file given as text.
    public func scan(_ source: String) -> [ImportStatement] {
        var copy = source
        return copy.withUTF8 { scan($0) }
    }

    /// The imports of a source file given as UTF-8 bytes.
    public func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [ImportStatement] {
        facts(bytes, strings: false).imports
    }

    /// Imports, type declarations and, if `strings`, string literals of a source file given as text.
    public func facts(_ source: String, strings: Bool) -> SourceFacts {
        var copy = source
        return copy.withUTF8 { facts($0, strings: strings) }
    }

    /// Imports, type declarations and, if `strings`, string literals of a source file given as
    /// UTF-8 bytes. Strings are opt-in: only targets a `forbidden_text` rule reads pay for them.
    public func facts(_ bytes: UnsafeBufferPointer<UInt8>, strings: Bool) -> SourceFacts {
        var lexer = ImportLexer(bytes: bytes, conditions: conditions, collectsStrings: strings)
        lexer.run()
        return lexer.facts
    }
}

/// The attributes and modifiers read since the last other token.
private struct PendingHeader {
    var attributes: [String] = []
    var modifiers: [String] = []
    /// Whether the run began where a declaration may begin, so it is the declaration's whole prefix.
    var startsAtBoundary = false
    /// Whether something the lexer does not place stands in the run (`#if`, `@Module.Name`).
    var isBroken = false

    var isEmpty: Bool { attributes.isEmpty && modifiers.isEmpty }
}

/// One open `#if` block: whether its enclosing code is active and whether an earlier branch was taken.
private struct IfFrame {
    var parent: Tri
    var noneTakenBefore: Tri
    var lastCondition: Tri
    var current: Tri
}

private struct ImportLexer {
    /// The kinds of a scoped import (`import struct M.T`).
    static let declarationKinds: Set<String> = [
        "struct", "class", "enum", "protocol", "typealias", "func", "let", "var", "actor",
    ]
    /// Words that follow `class` (or a contextual `actor`) without it declaring a type of that name.
    static let notTypeNames: Set<String> = [
        "func", "var", "let", "subscript", "init", "deinit", "override", "final", "static", "in", "where", "is", "as",
        "private", "fileprivate", "internal", "public", "open", "package", "nonisolated", "required", "convenience",
        "mutating", "nonmutating", "dynamic", "lazy", "weak", "unowned",
    ]
    let bytes: UnsafeBufferPointer<UInt8>
    let conditions: BuildConditions
    let collectsStrings: Bool
    var index = 0
    var line = 1
    var lineStart = 0
    var frames: [IfFrame] = []
    var facts = SourceFacts()
    /// Attributes and modifiers seen since the last other token: `@testable public import M`,
    /// `@MainActor public final class T`.
    var pending = PendingHeader()
    /// Whether a declaration may start here: at the file's start, after a line break, `{`, `}` or `;`.
    var atBoundary = true
    var previousWasDot = false
    /// How many `{` are open (outside comments and strings), for `var` at top level.
    var braceDepth = 0

    init(bytes: UnsafeBufferPointer<UInt8>, conditions: BuildConditions, collectsStrings: Bool) {
        self.bytes = bytes
        self.conditions = conditions
        self.collectsStrings = collectsStrings
    }

    var active: Tri { frames.last?.current ?? .yes }
    var count: Int { bytes.count }

    func byte(at offset: Int) -> UInt8 { offset < count ? bytes[offset] : 0 }

    mutating func newline() {
        line += 1
        lineStart = index + 1
        atBoundary = true
    }

    mutating func run() {
        // A UTF-8 byte order mark and a shebang line are not Swift.
        if byte(at: 0) == 0xEF, byte(at: 1) == 0xBB, byte(at: 2) == 0xBF {
            index = 3
            lineStart = 3
        }
        if byte(at: index) == Byte.hash, byte(at: index + 1) == Byte.bang { skipToEndOfLine() }
        while index < count {
            lexToken(stopAtCloseParen: false)
        }
    }

    /// Lexes one token; returns false when `stopAtCloseParen` and an unbalanced `)` was reached.
    @discardableResult
    mutating func lexToken(stopAtCloseParen: Bool) -> Bool {
        let current = bytes[index]
        switch current {
        case Byte.newline:
            newline()
            index += 1
        case Byte.space, Byte.tab, Byte.carriageReturn:
            index += 1
        case Byte.slash:
            if byte(at: index + 1) == Byte.slash {
                skipToEndOfLine()
            } else if byte(at: index + 1) == Byte.star {
                skipBlockComment()
            } else {
                index += 1
                other()
            }
        case Byte.quote:
            skipString(hashes: 0)
            other()
        case Byte.hash:
            lexHash()
        case Byte.backtick:
            index += 1
            while index < count, bytes[index] != Byte.backtick, bytes[index] != Byte.newline { index += 1 }
            if index < count, bytes[index] == Byte.backtick { index += 1 }
            other()
        case Byte.at:
            index += 1
            startHeader()
            let name = readIdentifier()
            // `@Module.Name`, `@Name<T>` and `@` alone are left to swift-syntax.
            if name.isEmpty || byte(at: index) == Byte.dot { pending.isBroken = true }
            if byte(at: index) == UInt8(ascii: "<") {
                pending.isBroken = true
                skipGenericArguments()
            }
            if byte(at: index) == Byte.openParen { skipBalancedParens() }
            pending.attributes.append(name)
            previousWasDot = false
        case Byte.dot:
            index += 1
            other()
            previousWasDot = true
        case Byte.openParen where stopAtCloseParen:
            index += 1
            skipBalancedParensBody()
            other()
        case Byte.closeParen where stopAtCloseParen:
            return false
        case UInt8(ascii: "{"):
            braceDepth += 1
            index += 1
            other()
            atBoundary = true
        case UInt8(ascii: "}"):
            braceDepth = max(0, braceDepth - 1)
            index += 1
            other()
            atBoundary = true
        case UInt8(ascii: ";"):
            index += 1
            other()
            atBoundary = true
        default:
            if Byte.isIdentifierStart(current) {
                lexWord()
            } else if current >= 48 && current <= 57 {
                while index < count, Byte.isIdentifierBody(bytes[index]) { index += 1 }
                other()
            } else {
                index += 1
                other()
            }
        }
        return true
    }

    mutating func other() {
        pending = PendingHeader()
        atBoundary = false
        previousWasDot = false
    }

    /// Notes where a run of attributes and modifiers starts, at its first one.
    mutating func startHeader() {
        if pending.isEmpty { pending.startsAtBoundary = atBoundary }
    }

    mutating func readIdentifier() -> String {
        let start = index
        while index < count, Byte.isIdentifierBody(bytes[index]) { index += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    mutating func lexWord() {
        let start = index
        while index < count, Byte.isIdentifierBody(bytes[index]) { index += 1 }
        let length = index - start
        if length == 6, !previousWasDot, matches("import", at: start) {
            parseImport()
            return
        }
        if !previousWasDot, !facts.mayDeclareState,
            (length == 3 && braceDepth == 0 && matches("var", at: start))
                || (length == 6 && matches("static", at: start)) || (length == 11 && matches("nonisolated", at: start))
        {
            facts.mayDeclareState = true
        }
        if !previousWasDot, let kind = declarationKeyword(at: start, length: length) {
            parseDeclaration(kind)
            return
        }
        // Modifiers may stand between attributes and `import` or a declaration: keep the attributes.
        if !previousWasDot, isModifier(at: start, length: length) {
            startHeader()
            pending.modifiers.append(
                String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            return
        }
        other()
    }

    /// The type-declaring keyword (or `extension`) at `start`, if the word is one. Every
    /// identifier passes here, so the first byte rules out most words before any comparison.
    func declarationKeyword(at start: Int, length: Int) -> StaticString? {
        switch bytes[start] {
        case UInt8(ascii: "e"):
            if length == 4 { return matches("enum", at: start) ? "enum" : nil }
            return length == 9 && matches("extension", at: start) ? "extension" : nil
        case UInt8(ascii: "c"): return length == 5 && matches("class", at: start) ? "class" : nil
        case UInt8(ascii: "a"): return length == 5 && matches("actor", at: start) ? "actor" : nil
        case UInt8(ascii: "s"): return length == 6 && matches("struct", at: start) ? "struct" : nil
        case UInt8(ascii: "p"): return length == 8 && matches("protocol", at: start) ? "protocol" : nil
        case UInt8(ascii: "t"): return length == 9 && matches("typealias", at: start) ? "typealias" : nil
        default: return nil
        }
    }

    /// Reads the name after a declaring keyword; `class func`, `actor in` and the like declare nothing.
    mutating func parseDeclaration(_ keyword: StaticString) {
        let state = active
        // The attributes and modifiers are the declaration's own only if nothing else precedes them.
        let prefix = pending
        let prefixIsWhole = !prefix.isBroken && (prefix.isEmpty ? atBoundary : prefix.startsAtBoundary)
        other()
        skipSpaces(acrossLines: true)
        guard let first = readName(), !Self.notTypeNames.contains(first.name) else {
            // `class var`: a static property of a class.
            if keyword.description == "class" { facts.mayDeclareState = true }
            return
        }
        let kind = keyword.description
        var name = first.name
        if kind == "extension" {
            while byte(at: index) == Byte.dot {
                index += 1
                guard let component = readName() else { break }
                name += "." + component.name
            }
        }
        guard state != .no else { return }
        var declaration = TypeDeclaration(kind: kind, name: name, line: first.line, column: first.column)
        var reader = InheritanceReader(bytes: bytes, offset: index)
        if prefixIsWhole, Rules.DeclarationRule.typeKinds.contains(kind), let inherits = reader.inherited() {
            declaration.header = .init(attributes: prefix.attributes, modifiers: prefix.modifiers, inherits: inherits)
        }
        facts.declarations.append(declaration)
    }

    /// Whether the word is a modifier that may precede `import` or a type's keyword.
    func isModifier(at start: Int, length: Int) -> Bool {
        switch length {
        case 4: matches("open", at: start)
        case 5: matches("final", at: start)
        case 6: matches("public", at: start)
        case 7: matches("package", at: start) || matches("private", at: start)
        case 8: matches("internal", at: start) || matches("indirect", at: start)
        case 11:
            matches("fileprivate", at: start) || matches("distributed", at: start)
                || matches("nonisolated", at: start)
        default: false
        }
    }

    func matches(_ word: StaticString, at offset: Int) -> Bool {
        let length = word.utf8CodeUnitCount
        guard offset + length <= count else { return false }
        // The closure captures the buffer alone: capturing `self` copies the whole lexer in debug builds.
        let bytes = self.bytes
        return word.withUTF8Buffer { expected in
            for position in 0..<length where bytes[offset + position] != expected[position] { return false }
            return true
        }
    }

    mutating func skipSpaces(acrossLines: Bool) {
        while index < count {
            let current = bytes[index]
            if current == Byte.space || current == Byte.tab || current == Byte.carriageReturn {
                index += 1
            } else if current == Byte.newline && acrossLines {
                newline()
                index += 1
            } else if current == Byte.slash, byte(at: index + 1) == Byte.star {
                skipBlockComment()
            } else {
                return
            }
        }
    }

    /// Reads a (possibly backticked) identifier and where it starts.
    mutating func readName() -> (name: String, line: Int, column: Int)? {
        let (startLine, column) = (line, index - lineStart + 1)
        if byte(at: index) == Byte.backtick {
            index += 1
            let name = readIdentifier()
            guard byte(at: index) == Byte.backtick, !name.isEmpty else { return nil }
            index += 1
            return (name, startLine, column)
        }
        guard index < count, Byte.isIdentifierStart(bytes[index]) else { return nil }
        return (readIdentifier(), startLine, column)
    }

    mutating func parseImport() {
        let attributes = pending.attributes
        let state = active
        other()
        skipSpaces(acrossLines: true)
        guard var first = readName() else { return }
        var kind: String?
        if Self.declarationKinds.contains(first.name) {
            skipSpaces(acrossLines: true)
            if let module = readName() {
                kind = first.name
                first = module
            }
        }
        var path = [first.name]
        while byte(at: index) == Byte.dot {
            index += 1
            guard let component = readName() else { break }
            path.append(component.name)
        }
        guard state != .no else { return }
        facts.imports.append(
            ImportStatement(
                module: first.name, path: path, kind: kind, attributes: attributes,
                line: first.line, column: first.column, conditional: state == .maybe))
    }

    mutating func skipToEndOfLine() {
        while index < count, bytes[index] != Byte.newline { index += 1 }
    }

    mutating func skipBlockComment() {
        index += 2
        var depth = 1
        while index < count, depth > 0 {
            let current = bytes[index]
            if current == Byte.slash, byte(at: index + 1) == Byte.star {
                depth += 1
                index += 2
            } else if current == Byte.star, byte(at: index + 1) == Byte.slash {
                depth -= 1
                index += 2
            } else {
                if current == Byte.newline { newline() }
                index += 1
            }
        }
    }

    /// Skips a string literal whose opening quote is at `index`, with `hashes` raw delimiters,
    /// and records its content when strings are collected and the code is not certainly inactive.
    mutating func skipString(hashes: Int) {
        let opening = (line: line, column: index - hashes - lineStart + 1)
        let multiline = byte(at: index + 1) == Byte.quote && byte(at: index + 2) == Byte.quote
        index += multiline ? 3 : 1
        var literal =
            collectsStrings && active != .no ? LiteralBuilder(line: opening.line, column: opening.column) : nil
        literal?.startRun(at: index, line: line, column: index - lineStart + 1)
        while index < count {
            let current = bytes[index]
            if current == Byte.quote {
                if multiline {
                    if byte(at: index + 1) == Byte.quote, byte(at: index + 2) == Byte.quote,
                        hashesFollow(index + 3, hashes)
                    {
                        finish(&literal)
                        index += 3 + hashes
                        return
                    }
                } else if hashesFollow(index + 1, hashes) {
                    finish(&literal)
                    index += 1 + hashes
                    return
                }
                index += 1
            } else if current == Byte.backslash, hashesFollow(index + 1, hashes) {
                let escape = index
                index += 1 + hashes
                if byte(at: index) == Byte.openParen {
                    literal?.endRun(at: escape, in: bytes, interpolation: true)
                    index += 1
                    skipBalancedParensBody()
                    literal?.startRun(at: index, line: line, column: index - lineStart + 1)
                } else if byte(at: index) == Byte.newline {
                    continue  // a line continuation in a multi-line string: counted below
                } else {
                    index += 1
                }
            } else if current == Byte.newline {
                if !multiline {  // an unterminated single-line string ends at the line's end
                    finish(&literal)
                    newline()
                    index += 1
                    return
                }
                newline()
                index += 1
            } else {
                index += 1
            }
        }
        finish(&literal)
    }

    /// Ends the literal's last run at `index` and keeps the literal.
    mutating func finish(_ literal: inout LiteralBuilder?) {
        guard var builder = literal else { return }
        builder.endRun(at: index, in: bytes, interpolation: false)
        facts.strings.append(builder.literal)
        literal = nil
    }

    func hashesFollow(_ offset: Int, _ hashes: Int) -> Bool {
        for position in 0..<hashes where byte(at: offset + position) != Byte.hash { return false }
        return true
    }

    /// Skips code up to and including the `)` that closes an interpolation or argument list.
    mutating func skipBalancedParensBody() {
        let saved = pending
        while index < count {
            if !lexToken(stopAtCloseParen: true) {
                index += 1
                break
            }
        }
        pending = saved
    }

    /// Skips an attribute's `<…>`, which holds types only.
    mutating func skipGenericArguments() {
        var depth = 0
        while index < count {
            let current = bytes[index]
            if current == UInt8(ascii: "<") { depth += 1 }
            if current == UInt8(ascii: ">") { depth -= 1 }
            if current == Byte.newline { newline() }
            index += 1
            if depth == 0 || current == UInt8(ascii: "{") || current == UInt8(ascii: "}") { return }
        }
    }

    mutating func skipBalancedParens() {
        index += 1
        skipBalancedParensBody()
    }

    /// `#"raw string"#`, `#/regex/#`, `#if` and friends, or another `#keyword`.
    mutating func lexHash() {
        var hashes = 0
        while byte(at: index + hashes) == Byte.hash { hashes += 1 }
        let after = byte(at: index + hashes)
        if after == Byte.quote {
            index += hashes
            skipString(hashes: hashes)
            other()
        } else if after == Byte.slash {
            skipRegex(hashes: hashes)
            other()
        } else if hashes == 1, Byte.isIdentifierStart(after) {
            index += 1
            let keyword = readIdentifier()
            switch keyword {
            case "if", "elseif", "else", "endif": directive(keyword)
            case "externalMacro": parseExternalMacro()
            default: other()
            }
        } else {
            index += hashes
            other()
        }
    }

    /// Reads the `module:` string of `#externalMacro(module: "M", type: "T")`: the macro target
    /// a macro declaration names is used through it, though no file imports it. The rest of the
    /// call is lexed as usual.
    mutating func parseExternalMacro() {
        let state = active
        other()
        skipSpaces(acrossLines: true)
        guard byte(at: index) == Byte.openParen else { return }
        index += 1
        skipSpaces(acrossLines: true)
        guard let label = readName(), label.name == "module" else { return }
        skipSpaces(acrossLines: true)
        guard byte(at: index) == Byte.colon else { return }
        index += 1
        skipSpaces(acrossLines: true)
        guard byte(at: index) == Byte.quote else { return }
        let (line, column) = (line, index - lineStart + 2)
        let start = index + 1
        var end = start
        while end < count, Byte.isIdentifierBody(bytes[end]) { end += 1 }
        // Only a plain name up to the closing quote is a module; anything else is left to the lexer.
        guard end > start, byte(at: end) == Byte.quote else { return }
        let module = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        index = end + 1
        guard state != .no else { return }
        facts.externalMacros.append(
            ImportStatement(module: module, kind: "macro", line: line, column: column, conditional: state == .maybe))
    }

    mutating func skipRegex(hashes: Int) {
        index += hashes + 1
        while index < count {
            if bytes[index] == Byte.slash, hashesFollow(index + 1, hashes) {
                index += 1 + hashes
                return
            }
            if bytes[index] == Byte.backslash { index += 1 }
            if byte(at: index) == Byte.newline { newline() }
            index += 1
        }
    }

    mutating func conditionText() -> String {
        let start = index
        skipToEndOfLine()
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    mutating func directive(_ keyword: String) {
        // `@MainActor #if … #endif class T`: swift-syntax reads the branch as part of the declaration.
        let splitsHeader = !pending.isEmpty
        other()
        pending.isBroken = splitsHeader
        switch keyword {
        case "if":
            let condition = conditions.evaluate(conditionText())
            frames.append(
                IfFrame(parent: active, noneTakenBefore: .yes, lastCondition: condition, current: active && condition))
        case "elseif":
            let condition = conditions.evaluate(conditionText())
            guard var frame = frames.popLast() else { return }
            frame.noneTakenBefore = frame.noneTakenBefore && !frame.lastCondition
            frame.current = frame.parent && frame.noneTakenBefore && condition
            frame.lastCondition = condition
            frames.append(frame)
        case "else":
            guard var frame = frames.popLast() else { return }
            frame.noneTakenBefore = frame.noneTakenBefore && !frame.lastCondition
            frame.current = frame.parent && frame.noneTakenBefore
            frame.lastCondition = .yes
            frames.append(frame)
        default:
            _ = frames.popLast()
        }
    }
}

/// Collects a string literal's content run by run, remembering where each run starts in the file.
private struct LiteralBuilder {
    var line: Int
    var column: Int
    var content: [UInt8] = []
    var anchors: [StringLiteral.Anchor] = []
    var runStart = 0

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    mutating func startRun(at offset: Int, line: Int, column: Int) {
        runStart = offset
        anchors.append(StringLiteral.Anchor(offset: content.count, line: line, column: column))
    }

    mutating func endRun(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, interpolation: Bool) {
        if offset > runStart { content.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset])) }
        if interpolation { content.append(contentsOf: [0xEF, 0xBF, 0xBC]) }  // U+FFFC
    }

    var literal: StringLiteral {
        StringLiteral(content: String(decoding: content, as: UTF8.self), line: line, column: column, anchors: anchors)
    }
}
