import Core

/// Reads a search as people type it into a `QueryExpression`.
///
/// Plain words are searched in the default field and all must match (`quantum error` is
/// `all:quantum AND all:error`). The API's own syntax works too: `au:maestro AND ti:"phase transition"`,
/// `OR`, `ANDNOT` and parentheses. Operators bind left to right, as the API reads them.
public struct QueryParser: Sendable {
    /// The field for words without a `field:` prefix.
    public var defaultField: SearchField

    public init(defaultField: SearchField = .all) {
        self.defaultField = defaultField
    }

    /// The expression `text` stands for.
    ///
    /// - Throws: a usage `PapersError` naming what is wrong (an unclosed quote, a stray operator).
    public func parse(_ text: String) throws -> QueryExpression {
        var tokens = try tokenize(text)[...]
        guard !tokens.isEmpty else { throw PapersError.emptySearch }
        let expression = try parseSequence(&tokens)
        if let extra = tokens.first { throw PapersError.unexpectedToken(extra.text) }
        return expression
    }

    enum Token: Equatable {
        case open, close
        case op(String)
        case word(SearchField?, String)
        case phrase(SearchField?, String)

        /// The token as typed, for an error.
        var text: String {
            switch self {
            case .open: "("
            case .close: ")"
            case .op(let name): name
            case .word(_, let word): word
            case .phrase(_, let words): "\"\(words)\""
            }
        }
    }

    private func parseSequence(_ tokens: inout ArraySlice<Token>) throws -> QueryExpression {
        var left = try parseOperand(&tokens)
        while let next = tokens.first, next != .close {
            var op = "AND"
            if case .op(let name) = next {
                op = name
                tokens.removeFirst()
            }
            let right = try parseOperand(&tokens)
            switch op {
            case "OR": left = .or(left, right)
            case "ANDNOT": left = .andNot(left, right)
            default: left = .and(left, right)
            }
        }
        return left
    }

    private func parseOperand(_ tokens: inout ArraySlice<Token>) throws -> QueryExpression {
        guard let token = tokens.popFirst() else {
            throw PapersError.searchEndsWithOperator
        }
        switch token {
        case .open:
            let inner = try parseSequence(&tokens)
            guard tokens.popFirst() == .close else { throw PapersError.unclosedParenthesis }
            return inner
        case .close:
            throw PapersError.unexpectedToken(")")
        case .op(let name):
            throw PapersError.operatorWithoutOperand(name)
        case .word(let field, let word):
            return .term(field ?? defaultField, word)
        case .phrase(let field, let words):
            return .phrase(field ?? defaultField, words)
        }
    }

    func tokenize(_ text: String) throws -> [Token] {
        var tokens: [Token] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
            } else if character == "(" || character == ")" {
                tokens.append(character == "(" ? .open : .close)
                index = text.index(after: index)
            } else {
                var field: SearchField?
                var start = index
                // A `field:` prefix, only for the API's own field names.
                if let colon = text[index...].firstIndex(where: {
                    $0 == ":" || $0.isWhitespace || $0 == "\"" || $0 == "(" || $0 == ")"
                }),
                    text[colon] == ":", let known = SearchField(rawValue: String(text[index..<colon]).lowercased())
                {
                    field = known
                    start = text.index(after: colon)
                }
                if start < text.endIndex, text[start] == "\"" {
                    let open = text.index(after: start)
                    guard let close = text[open...].firstIndex(of: "\"") else {
                        throw PapersError.unclosedQuote
                    }
                    let words = Paper.collapsingWhitespace(String(text[open..<close]))
                    if !words.isEmpty { tokens.append(.phrase(field, words)) }
                    index = text.index(after: close)
                } else {
                    let end =
                        text[start...].firstIndex(where: { $0.isWhitespace || $0 == "(" || $0 == ")" || $0 == "\"" })
                        ?? text.endIndex
                    let word = String(text[start..<end])
                    if field == nil, ["AND", "OR", "ANDNOT"].contains(word) {
                        tokens.append(.op(word))
                    } else if word.isEmpty {
                        throw PapersError.fieldWithoutWord(field?.rawValue ?? "")
                    } else {
                        tokens.append(.word(field, word))
                    }
                    index = end
                }
            }
        }
        return tokens
    }
}
