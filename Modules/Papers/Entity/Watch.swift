/// A saved search: a name, a query in the library's query language, and the categories a paper must be in.
///
/// The query is parsed when the watch is added (`QueryParser.parseLocating`), so a digest
/// never meets one that does not parse.
public struct Watch: Sendable, Equatable, Codable {
    public static func == (left: Watch, right: Watch) -> Bool {
        (left.name, left.query, left.categories) == (right.name, right.query, right.categories)
    }

    /// What the digest heads the watch's papers with, unique in a library.
    public var name: String
    /// The query as typed, in `QueryParser`'s language.
    public var query: String
    /// Categories or archives a paper must be in (any of them); empty for every category.
    public var categories: [String]
    /// The parsed query.
    public let expression: QueryExpression
    /// The query ready to match papers.
    private let matcher: QueryMatcher

    /// A watch over `query`, parsed.
    ///
    /// - Throws: `PapersError.badQuery` with the column of the problem.
    public init(name: String, query: String, categories: [String] = []) throws {
        try self.init(name: name, query: query, categories: categories, parser: QueryParser())
    }

    /// A watch as a library kept it: one saved before unknown fields were refused still reads, as it did then.
    public static func stored(name: String, query: String, categories: [String]) throws -> Watch {
        try Watch(name: name, query: query, categories: categories, parser: QueryParser(strictFields: false))
    }

    private init(name: String, query: String, categories: [String], parser: QueryParser) throws {
        self.name = name
        self.query = query
        self.categories = categories
        self.expression = try parser.parseLocating(query)
        self.matcher = QueryMatcher(expression)
    }

    /// The query and the categories as one expression: what a library search for the watch runs.
    public var searchExpression: QueryExpression {
        guard let any = QueryExpression.any(of: categories.map { .term(.cat, $0) }) else { return expression }
        return .and(expression, any)
    }

    /// Whether `text`'s paper is in the watch's categories and matches its query.
    public func matches(_ text: PaperText) -> Bool {
        (categories.isEmpty || categories.contains { text.isIn(category: $0) }) && matcher.matches(text)
    }

    /// The categories a daily listing for this watch asks for: its own and its query's positive `cat:` terms.
    public var listedCategories: [String] {
        categories.isEmpty ? expression.positiveTerms.compactMap { $0.field == .cat ? $0.words : nil } : categories
    }

    private enum CodingKeys: String, CodingKey { case name, query, categories }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self = try Self.stored(
            name: try container.decode(String.self, forKey: .name),
            query: try container.decode(String.self, forKey: .query),
            categories: try container.decode([String].self, forKey: .categories))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(query, forKey: .query)
        try container.encode(categories, forKey: .categories)
    }
}
