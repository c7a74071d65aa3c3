/// A saved search: a name, what it looks for, and the categories a paper must be in.
///
/// A watch looks for words (a query in the library's query language, parsed when the watch is
/// added with `QueryParser.parseLocating`, so a digest never meets one that does not parse) or
/// for a meaning (a description, matched by the cosine of its vector with a paper's).
public struct Watch: Sendable, Equatable, Codable {
    public static func == (left: Watch, right: Watch) -> Bool {
        (left.name, left.query, left.categories, left.threshold)
            == (right.name, right.query, right.categories, right.threshold)
    }

    /// The cosine a meaning watch asks for when none is given: a paper about what the
    /// description says, in the measurement docs/Papers.md describes.
    public static let defaultThreshold = 0.5

    /// What the digest heads the watch's papers with, unique in a library.
    public var name: String
    /// The query as typed, in `QueryParser`'s language; for a meaning watch, its description.
    public var query: String
    /// Categories or archives a paper must be in (any of them); empty for every category.
    public var categories: [String]
    /// For a meaning watch, the lowest cosine of a paper's vector with the description's; nil for words.
    public let threshold: Double?
    /// The parsed query; nil for a meaning watch.
    public let expression: QueryExpression?
    /// The query ready to match papers; nil for a meaning watch.
    private let matcher: QueryMatcher?

    /// A watch over `query`, parsed.
    ///
    /// - Throws: `PapersError.badQuery` with the column of the problem.
    public init(name: String, query: String, categories: [String] = []) throws {
        try self.init(name: name, query: query, categories: categories, parser: QueryParser())
    }

    /// A watch for papers whose meaning is near `description`'s: a cosine of at least `threshold`.
    ///
    /// - Throws: `PapersError.emptySearch` for a blank description, `.thresholdOutOfRange` for
    ///   a threshold outside 0 to 1 (a cosine at or below 0 is no likeness at all).
    public init(name: String, meaning description: String, threshold: Double, categories: [String] = []) throws {
        guard !description.allSatisfy(\.isWhitespace) else { throw PapersError.emptySearch }
        guard threshold > 0, threshold <= 1 else { throw PapersError.thresholdOutOfRange(threshold) }
        (self.name, self.query, self.categories, self.threshold) = (name, description, categories, threshold)
        (expression, matcher) = (nil, nil)
    }

    /// A watch as a library kept it: one saved before unknown fields were refused still reads, as it did then.
    public static func stored(name: String, query: String, categories: [String], threshold: Double? = nil) throws
        -> Watch
    {
        if let threshold { return try Watch(name: name, meaning: query, threshold: threshold, categories: categories) }
        return try Watch(name: name, query: query, categories: categories, parser: QueryParser(strictFields: false))
    }

    private init(name: String, query: String, categories: [String], parser: QueryParser) throws {
        self.name = name
        self.query = query
        self.categories = categories
        self.threshold = nil
        let expression = try parser.parseLocating(query)
        self.expression = expression
        self.matcher = QueryMatcher(expression)
    }

    /// Whether the watch looks for a meaning rather than words.
    public var isMeaning: Bool { threshold != nil }

    /// A words watch's query and categories as one expression: what a library search for it runs.
    public var searchExpression: QueryExpression? {
        guard let expression else { return nil }
        guard let any = QueryExpression.any(of: categories.map { .term(.cat, $0) }) else { return expression }
        return .and(expression, any)
    }

    /// Whether `paper` is in the watch's categories: read from its categories alone, not its words.
    public func isInCategories(_ paper: Paper) -> Bool {
        let own = paper.categories.map { $0.lowercased() }
        return categories.isEmpty || categories.contains { PaperText.categories(own, include: .init($0)) }
    }

    /// Whether `text`'s paper is in the watch's categories and matches its query; never for a meaning watch.
    public func matches(_ text: PaperText) -> Bool {
        guard let matcher else { return false }
        return (categories.isEmpty || categories.contains { text.isIn(category: $0) }) && matcher.matches(text)
    }

    /// The categories a daily listing for this watch asks for: its own and its query's positive `cat:` terms.
    public var listedCategories: [String] {
        guard categories.isEmpty, let expression else { return categories }
        return expression.positiveTerms.compactMap { $0.field == .cat ? $0.words : nil }
    }

    private enum CodingKeys: String, CodingKey { case name, query, categories, threshold }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self = try Self.stored(
            name: try container.decode(String.self, forKey: .name),
            query: try container.decode(String.self, forKey: .query),
            categories: try container.decode([String].self, forKey: .categories),
            threshold: try container.decodeIfPresent(Double.self, forKey: .threshold))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(query, forKey: .query)
        try container.encode(categories, forKey: .categories)
        try container.encodeIfPresent(threshold, forKey: .threshold)
    }
}
