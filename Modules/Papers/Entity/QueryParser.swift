import Core

/// Reads a search as people type it into a `QueryExpression`: the one query language of Papers.
///
/// Plain words are searched in the default field and all must match (`quantum error` is
/// `all:quantum AND all:error`). The API's own syntax works too: `au:maestro AND ti:"phase transition"`,
/// `OR`, `ANDNOT` and parentheses. Operators bind left to right, as the API reads them. A word
/// that is an arXiv id (`1312.6177v2`, `hep-th/9901001`, `arXiv:…`, an abstract URL) stands for
/// `id:` and one that is a DOI (`10.1103/…`) for `doi:`; a word with no letter or digit is no word.
public struct QueryParser: Sendable {
    /// The field for words without a `field:` prefix.
    public var defaultField: SearchField
    /// Whether a `name:` prefix that is no field is an error (else it is part of the word, as
    /// watches saved before fields were checked read it).
    public var strictFields: Bool

    public init(defaultField: SearchField = .all, strictFields: Bool = true) {
        self.defaultField = defaultField
        self.strictFields = strictFields
    }

    /// The expression `text` stands for.
    ///
    /// - Throws: a usage `PapersError` naming what is wrong (an unclosed quote, a stray operator).
    public func parse(_ text: String) throws -> QueryExpression {
        do {
            return try parseLocated(text)
        } catch let error as LocatedError {
            throw error.reason
        }
    }

    /// The expression `text` stands for, or an error saying where in it the problem is.
    ///
    /// - Throws: `PapersError.badQuery` with the 1-based column (in characters) of the token at
    ///   fault, or one past the end for a search cut short, and the usage error `parse` throws.
    public func parseLocating(_ text: String) throws -> QueryExpression {
        do {
            return try parseLocated(text)
        } catch let error as LocatedError {
            throw PapersError.badQuery(text, column: error.column, reason: error.reason)
        }
    }

    /// A usage error and the column it is at.
    private struct LocatedError: Error {
        let column: Int
        let reason: PapersError
    }

    private func parseLocated(_ text: String) throws -> QueryExpression {
        let located = try locatedTokens(text)
        var tokens = located[...]
        let end = text.count + 1
        guard !tokens.isEmpty else { throw LocatedError(column: 1, reason: .emptySearch) }
        let expression = try parseSequence(&tokens, end: end)
        if let extra = tokens.first {
            throw LocatedError(column: extra.column, reason: .unexpectedToken(extra.token.text))
        }
        return expression
    }

    /// A token and the 1-based column it starts at.
    struct Located: Equatable {
        let token: Token
        let column: Int
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

    private func parseSequence(_ tokens: inout ArraySlice<Located>, end: Int) throws -> QueryExpression {
        var left = try parseOperand(&tokens, end: end)
        while let next = tokens.first, next.token != .close {
            var op = "AND"
            if case .op(let name) = next.token {
                op = name
                tokens.removeFirst()
            }
            let right = try parseOperand(&tokens, end: end)
            switch op {
            case "OR": left = .or(left, right)
            case "ANDNOT": left = .andNot(left, right)
            default: left = .and(left, right)
            }
        }
        return left
    }

    private func parseOperand(_ tokens: inout ArraySlice<Located>, end: Int) throws -> QueryExpression {
        guard let located = tokens.popFirst() else {
            throw LocatedError(column: end, reason: .searchEndsWithOperator)
        }
        switch located.token {
        case .open:
            let inner = try parseSequence(&tokens, end: end)
            guard tokens.popFirst()?.token == .close else {
                throw LocatedError(column: located.column, reason: .unclosedParenthesis)
            }
            return inner
        case .close:
            throw LocatedError(column: located.column, reason: .unexpectedToken(")"))
        case .op(let name):
            throw LocatedError(column: located.column, reason: .operatorWithoutOperand(name))
        case .word(let field, let word):
            return .term(field ?? defaultField, word)
        case .phrase(let field, let words):
            return .phrase(field ?? defaultField, words)
        }
    }

    func tokenize(_ text: String) throws -> [Token] {
        do {
            return try locatedTokens(text).map(\.token)
        } catch let error as LocatedError {
            throw error.reason
        }
    }

    /// The tokens of `text` with their columns; throws `LocatedError`.
    private func locatedTokens(_ text: String) throws -> [Located] {
        var tokens: [Located] = []
        var index = text.startIndex
        func column(_ position: String.Index) -> Int { text.distance(from: text.startIndex, to: position) + 1 }
        while index < text.endIndex {
            let character = text[index]
            if character.isWhitespace {
                index = text.index(after: index)
            } else if character == "(" || character == ")" {
                tokens.append(Located(token: character == "(" ? .open : .close, column: column(index)))
                index = text.index(after: index)
            } else if let id = Self.identifier(text[index...]) {
                tokens.append(Located(token: .word(id.field, id.text), column: column(index)))
                index = id.end
            } else {
                var field: SearchField?
                var start = index
                // A `field:` prefix: one of ours, else an error unless the word only has a colon in it.
                if let colon = text[index...].firstIndex(where: {
                    $0 == ":" || $0.isWhitespace || $0 == "\"" || $0 == "(" || $0 == ")"
                }),
                    text[colon] == ":"
                {
                    let name = String(text[index..<colon])
                    if let known = SearchField(rawValue: name.lowercased()) {
                        field = known
                        start = text.index(after: colon)
                    } else if strictFields, Self.looksLikeField(name, before: text[text.index(after: colon)...]) {
                        throw LocatedError(column: column(index), reason: .unknownField(name))
                    }
                }
                if start < text.endIndex, text[start] == "\"" {
                    let open = text.index(after: start)
                    guard let close = text[open...].firstIndex(of: "\"") else {
                        throw LocatedError(column: column(start), reason: .unclosedQuote)
                    }
                    let words = Paper.collapsingWhitespace(String(text[open..<close]))
                    if !words.isEmpty { tokens.append(Located(token: .phrase(field, words), column: column(index))) }
                    index = text.index(after: close)
                } else {
                    let end =
                        text[start...].firstIndex(where: { $0.isWhitespace || $0 == "(" || $0 == ")" || $0 == "\"" })
                        ?? text.endIndex
                    let word = String(text[start..<end])
                    if field == nil, ["AND", "OR", "ANDNOT"].contains(word) {
                        tokens.append(Located(token: .op(word), column: column(index)))
                    } else if word.isEmpty {
                        throw LocatedError(column: column(index), reason: .fieldWithoutWord(field?.rawValue ?? ""))
                    } else if field == .id, let id = ArxivID(parsing: word) {
                        tokens.append(Located(token: .word(.id, id.base), column: column(index)))
                    } else if field != nil || word.contains(where: { $0.isLetter || $0.isNumber }) {
                        tokens.append(Located(token: .word(field, word), column: column(index)))
                    }
                    index = end
                }
            }
        }
        return tokens
    }

    /// A bare word that names one paper: an arXiv id (its version dropped: the library keeps one)
    /// or a DOI, with the field it stands for and where the word ends.
    private static func identifier(_ text: Substring) -> (field: SearchField, text: String, end: String.Index)? {
        let end = text.firstIndex(where: { $0.isWhitespace || $0 == "(" || $0 == ")" || $0 == "\"" }) ?? text.endIndex
        let word = String(text[..<end])
        if let id = ArxivID(parsing: word) { return (.id, id.base, end) }
        var doi = Substring(word)
        for prefix in ["https://doi.org/", "http://doi.org/", "https://dx.doi.org/", "doi:", "DOI:"]
        where doi.hasPrefix(prefix) {
            doi = doi.dropFirst(prefix.count)
        }
        // `10.`, a registrant of four or more digits, `/`, a suffix.
        let registrant = doi.dropFirst(3).prefix(while: \.isNumber)
        guard doi.hasPrefix("10."), registrant.count >= 4, doi[registrant.endIndex...].count > 1,
            doi[registrant.endIndex] == "/"
        else { return nil }
        return (.doi, String(doi), end)
    }

    /// Whether `name:` before `rest` reads as a field someone meant, not a word with a colon in
    /// it (`http://…`, `3:1`): a few letters, then something that is not a path.
    private static func looksLikeField(_ name: String, before rest: Substring) -> Bool {
        (1...12).contains(name.count) && name.allSatisfy { $0.isASCII && $0.isLetter } && !rest.hasPrefix("/")
    }
}
