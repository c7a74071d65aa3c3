import Core

/// The fields a query can search, by the prefixes arXiv's query language uses (and `doi:`).
public enum SearchField: String, CaseIterable, Sendable, Codable {
    /// Every field.
    case all
    /// The title.
    case ti
    /// An author.
    case au
    /// The abstract.
    case abs
    /// The comment.
    case co
    /// The journal reference.
    case jr
    /// A category, such as `cs.LG`.
    case cat
    /// A report number.
    case rn
    /// An arXiv id, or the start of one (`id:2401` is every paper of January 2024).
    case id
    /// A DOI, or the start of one; the library knows it, arXiv's search does not.
    case doi
}

/// A search in the arXiv query language: terms and phrases in fields, joined by AND, OR and ANDNOT.
public indirect enum QueryExpression: Sendable, Equatable {
    /// One word in a field, such as `au:maestro`.
    case term(SearchField, String)
    /// Words that must appear together, such as `ti:"neural network"`.
    case phrase(SearchField, String)
    /// Both sides.
    case and(QueryExpression, QueryExpression)
    /// Either side.
    case or(QueryExpression, QueryExpression)
    /// The left side without the right one.
    case andNot(QueryExpression, QueryExpression)

    /// The expression as the API's `search_query` parameter, with parentheses around nested operators.
    public var apiText: String {
        switch self {
        case .term(let field, let word): "\(field.rawValue):\(word)"
        case .phrase(let field, let words): "\(field.rawValue):\"\(words)\""
        case .and(let left, let right): "\(left.operand) AND \(right.operand)"
        case .or(let left, let right): "\(left.operand) OR \(right.operand)"
        case .andNot(let left, let right): "\(left.operand) ANDNOT \(right.operand)"
        }
    }

    /// `expressions` joined by OR, in order; nil when there are none.
    public static func any(of expressions: [QueryExpression]) -> QueryExpression? {
        guard let first = expressions.first else { return nil }
        return expressions.dropFirst().reduce(first) { .or($0, $1) }
    }

    /// Whether any term or phrase of the expression is in `field`.
    public func mentions(_ field: SearchField) -> Bool {
        switch self {
        case .term(let own, _), .phrase(let own, _): own == field
        case .and(let left, let right), .or(let left, let right), .andNot(let left, let right):
            left.mentions(field) || right.mentions(field)
        }
    }

    private var operand: String {
        switch self {
        case .term, .phrase: apiText
        case .and, .or, .andNot: "(\(apiText))"
        }
    }
}

/// How the API orders results.
public enum SortBy: String, CaseIterable, Sendable, Codable {
    /// Best match first (the API's default).
    case relevance
    /// By the date of the latest version.
    case lastUpdatedDate
    /// By the date of version 1.
    case submittedDate
}

/// Which end of the order comes first.
public enum SortDirection: String, CaseIterable, Sendable, Codable {
    /// Oldest or least relevant first.
    case ascending
    /// Newest or most relevant first.
    case descending
}

/// One request to arXiv: a search, a list of ids, or both (the listed papers that match).
public struct PaperQuery: Sendable, Equatable {
    /// The most results one query may return, by the API's terms.
    public static let maxResults = 30_000
    /// The most results one request may ask for, by the API's terms.
    public static let maxPageSize = 2_000

    /// The search, if any.
    public var expression: QueryExpression?
    /// Papers asked for by id, if any.
    public var ids: [ArxivID]
    /// The order of results.
    public var sortBy: SortBy
    /// Ascending or descending.
    public var sortOrder: SortDirection
    /// How many results to fetch in all, from 1 to 30,000.
    public var limit: Int

    /// Creates a query, checking that it asks for something and that the limit is within the API's.
    ///
    /// - Throws: `PapersError.emptyQuery` or `.limitOutOfRange`.
    public init(
        expression: QueryExpression? = nil, ids: [ArxivID] = [],
        sortBy: SortBy = .relevance, sortOrder: SortDirection = .descending, limit: Int = 20
    ) throws {
        guard expression != nil || !ids.isEmpty else { throw PapersError.emptyQuery }
        if let expression, expression.mentions(.doi) {
            throw PapersError.fieldNotOnArxiv(SearchField.doi.rawValue)
        }
        guard (1...PaperQuery.maxResults).contains(limit) else {
            throw PapersError.limitOutOfRange(limit, allowed: 1...PaperQuery.maxResults)
        }
        self.expression = expression
        self.ids = ids
        self.sortBy = sortBy
        self.sortOrder = sortOrder
        self.limit = limit
    }

    /// A short description for the fetch history: the search text and the ids.
    public var summary: String {
        ([expression?.apiText].compactMap { $0 }
            + (ids.isEmpty ? [] : ["id_list=" + ids.map(\.description).joined(separator: ",")]))
            .joined(separator: " ")
    }
}
