/// An expression of a declarative manifest, as far as the reader follows it.
indirect enum ManifestExpression: Equatable {
    /// A string literal; nil when its value is left to SwiftPM (escapes, several lines).
    case string(String?)
    case null
    case array([ManifestExpression])
    case name(String)
    /// `.member` (an implicit member, no base) or `base.member`.
    case member(ManifestExpression?, String)
    case call(ManifestExpression, [ManifestArgument], line: Int)
    /// `a + b + …`.
    case sum([ManifestExpression])
    /// Any other expression: followed to its end, its value not read.
    case other
}

/// One argument of a call.
struct ManifestArgument: Equatable {
    var label: String?
    var value: ManifestExpression
}

/// A top-level statement of a declarative manifest.
enum ManifestStatement: Equatable {
    case `import`
    /// `let name: Type = value`, or `var` when `mutable`; `type` is the annotation's text without spaces.
    case declaration(name: String, type: String?, value: ManifestExpression, mutable: Bool, line: Int)
    /// `target = value`, or `target += value` when `appends`.
    case assignment(target: ManifestExpression, appends: Bool, value: ManifestExpression, line: Int)
    /// A call made for its effect: `x.append(…)`.
    case call(ManifestExpression, line: Int)
    /// `for target in package.targets { … }` changing only settings, with the names its body mentions.
    case settingsLoop(names: Set<String>, line: Int)
}

/// Parses the tokens of a declarative manifest into statements; throws at anything it does not follow.
///
/// The grammar is what remains of Swift without braces, `#` and `&` (`ManifestLexer` refuses
/// those): names, literals, member access, calls, subscripts, arrays and dictionaries, and
/// operators. Statements end at a line break, as in Swift, unless the next line continues the
/// expression with `.member` or an infix operator.
struct ManifestParser {
    let tokens: [ManifestToken]
    private var position = 0
    /// `Package(...)` calls seen: SwiftPM keeps one package, so a second is left to it.
    private var packageCalls = 0

    init(tokens: [ManifestToken]) {
        self.tokens = tokens
    }

    static let modifiers: Set = ["public", "private", "fileprivate", "internal", "nonisolated"]
    static let declarations: Set = [
        "typealias", "func", "struct", "class", "enum", "extension", "protocol", "actor", "macro", "operator",
        "precedencegroup", "subscript", "init", "deinit",
    ]

    mutating func statements() throws(DeclarativeManifest.Unsupported) -> [ManifestStatement] {
        var statements: [ManifestStatement] = []
        while position < tokens.count {
            statements.append(try statement())
            guard let next = peek else { break }
            if next.kind == .punctuation, next.text == ";" {
                position += 1
            } else if !next.startsLine {
                throw giveUp("has an expression the reader does not follow", at: next)
            }
        }
        return statements
    }

    private var peek: ManifestToken? { position < tokens.count ? tokens[position] : nil }

    private func giveUp(_ reason: String, at token: ManifestToken?) -> DeclarativeManifest.Unsupported {
        .init(reason: reason, line: token?.line ?? tokens.last?.line ?? 1)
    }

    private func isPunctuation(_ text: String) -> Bool {
        peek.map { $0.kind == .punctuation && $0.text == text } ?? false
    }

    private mutating func expect(_ text: String) throws(DeclarativeManifest.Unsupported) {
        guard isPunctuation(text) else { throw giveUp("has an expression the reader does not follow", at: peek) }
        position += 1
    }

    private mutating func name() throws(DeclarativeManifest.Unsupported) -> String {
        guard let token = peek, token.kind == .name else {
            throw giveUp("has an expression the reader does not follow", at: peek)
        }
        position += 1
        return token.text
    }

    // MARK: - Statements

    private mutating func statement() throws(DeclarativeManifest.Unsupported) -> ManifestStatement {
        while let token = peek, token.kind == .name, Self.modifiers.contains(token.text) { position += 1 }
        guard let first = peek else { throw giveUp("ends inside a statement", at: nil) }
        if case .settingsLoop(let names) = first.kind {
            position += 1
            return .settingsLoop(names: names, line: first.line)
        }
        if first.kind == .name, Self.declarations.contains(first.text) {
            throw giveUp("has a declaration other than an import, a let or a var", at: first)
        }
        if first.kind == .name, first.text == "import" {
            position += 1
            _ = try name()
            while isPunctuation(".") {
                position += 1
                _ = try name()
            }
            return .import
        }
        if first.kind == .name, first.text == "let" || first.text == "var" {
            position += 1
            let variable = try name()
            var type: String?
            if isPunctuation(":") {
                position += 1
                type = try typeText()
            }
            try expect("=")
            return .declaration(
                name: variable, type: type, value: try expression(), mutable: first.text == "var", line: first.line)
        }
        let target = try expression()
        if isPunctuation("=") {
            position += 1
            return .assignment(target: target, appends: false, value: try expression(), line: first.line)
        }
        if let token = peek, token.text == "+=", case .operator = token.kind {
            position += 1
            return .assignment(target: target, appends: true, value: try expression(), line: first.line)
        }
        guard case .call = target else {
            throw giveUp("has an expression statement that is not an assignment", at: first)
        }
        return .call(target, line: first.line)
    }

    /// The tokens of a type annotation up to its `=`, joined.
    private mutating func typeText() throws(DeclarativeManifest.Unsupported) -> String {
        var text = ""
        while let token = peek, !(token.kind == .punctuation && token.text == "=") {
            text += token.text
            position += 1
        }
        return text
    }

    // MARK: - Expressions

    /// Operators that assign end an expression; the statement reads them.
    private static func assigns(_ text: String) -> Bool {
        text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
    }

    mutating func expression() throws(DeclarativeManifest.Unsupported) -> ManifestExpression {
        var operands = [try prefixed()]
        var onlyPlus = true
        while let token = peek, case .operator(.infix) = token.kind, !Self.assigns(token.text) {
            position += 1
            if token.text == "?" {  // a ternary: `condition ? a : b`
                _ = try expression()
                try expect(":")
                onlyPlus = false
            } else if token.text != "+" {
                onlyPlus = false
            }
            operands.append(try prefixed())
        }
        guard operands.count > 1 else { return operands[0] }
        return onlyPlus ? .sum(operands) : .other
    }

    private mutating func prefixed() throws(DeclarativeManifest.Unsupported) -> ManifestExpression {
        if let token = peek, case .operator(.prefix) = token.kind {
            position += 1
            _ = try postfixed()
            return .other
        }
        return try postfixed()
    }

    private mutating func postfixed() throws(DeclarativeManifest.Unsupported) -> ManifestExpression {
        let line = peek?.line ?? 1
        var base = try primary()
        while let token = peek {
            if token.kind == .punctuation, token.text == ".", position + 1 < tokens.count {
                position += 1
                if let next = peek, next.kind == .number {
                    position += 1  // a tuple element: `pair.0`
                    base = .other
                } else {
                    base = .member(base, try name())
                }
            } else if token.kind == .punctuation, token.text == "(", !token.startsLine {
                position += 1
                let arguments = try argumentList(closing: ")")
                if base == .name("Package") {
                    packageCalls += 1
                    if packageCalls > 1 { throw .init(reason: "creates more than one Package", line: line) }
                }
                base = .call(base, arguments, line: line)
            } else if token.kind == .punctuation, token.text == "[", !token.startsLine {
                position += 1
                _ = try argumentList(closing: "]")
                base = .other
            } else if case .operator(.postfix) = token.kind {
                position += 1
                base = .other
            } else {
                break
            }
        }
        return base
    }

    private mutating func primary() throws(DeclarativeManifest.Unsupported) -> ManifestExpression {
        guard let token = peek else { throw giveUp("ends inside an expression", at: nil) }
        position += 1
        switch token.kind {
        case .string(let value): return .string(value)
        case .number: return .other
        case .name:
            switch token.text {
            case "nil": return .null
            case "true", "false": return .other
            case "try", "await", "as", "is", "in", "if", "switch":
                throw giveUp("uses \(token.text), which the reader does not follow", at: token)
            default: return .name(token.text)
            }
        case .punctuation where token.text == ".":
            return .member(nil, try name())
        case .punctuation where token.text == "(":
            let elements = try argumentList(closing: ")")
            if elements.count == 1, elements[0].label == nil { return elements[0].value }
            return .other
        case .punctuation where token.text == "[":
            return try collection()
        default:
            throw giveUp("has an expression the reader does not follow", at: token)
        }
    }

    /// `[a, b]`, or a dictionary `[k: v]`, `[:]` (not read), after its `[`.
    private mutating func collection() throws(DeclarativeManifest.Unsupported) -> ManifestExpression {
        if isPunctuation(":") {
            position += 1
            try expect("]")
            return .other
        }
        var elements: [ManifestExpression] = []
        var isDictionary = false
        while !isPunctuation("]") {
            elements.append(try expression())
            if isPunctuation(":") {
                position += 1
                _ = try expression()
                isDictionary = true
            }
            guard isPunctuation(",") else { break }
            position += 1
        }
        try expect("]")
        return isDictionary ? .other : .array(elements)
    }

    /// `label: value, value, …` up to `closing`, which it consumes; a trailing comma is allowed.
    private mutating func argumentList(closing: String) throws(DeclarativeManifest.Unsupported)
        -> [ManifestArgument]
    {
        var arguments: [ManifestArgument] = []
        while !isPunctuation(closing) {
            var label: String?
            if let token = peek, token.kind == .name, position + 1 < tokens.count,
                tokens[position + 1].kind == .punctuation, tokens[position + 1].text == ":"
            {
                label = token.text
                position += 2
            }
            arguments.append(ManifestArgument(label: label, value: try expression()))
            guard isPunctuation(",") else { break }
            position += 1
        }
        try expect(closing)
        return arguments
    }
}
