import Foundation

/// What the local library holds: counts, the busiest categories and the latest fetch.
public struct LibraryStats: Sendable, Equatable, Codable {
    /// Papers in the library.
    public var papers: Int
    /// Papers marked as favourites.
    public var favourites: Int
    /// Searches and lookups fetched from arXiv so far.
    public var fetches: Int
    /// The primary categories with the most papers, most first.
    public var topCategories: [CategoryCount]
    /// The earliest first-version date in the library.
    public var oldestPublished: Date?
    /// The latest first-version date in the library.
    public var newestPublished: Date?
    /// When the library last fetched from arXiv.
    public var lastFetch: Date?

    /// Creates statistics.
    public init(
        papers: Int, favourites: Int, fetches: Int, topCategories: [CategoryCount],
        oldestPublished: Date?, newestPublished: Date?, lastFetch: Date?
    ) {
        self.papers = papers
        self.favourites = favourites
        self.fetches = fetches
        self.topCategories = topCategories
        self.oldestPublished = oldestPublished
        self.newestPublished = newestPublished
        self.lastFetch = lastFetch
    }
}

/// How many papers have one primary category.
public struct CategoryCount: Sendable, Equatable, Codable {
    /// The category, such as `cs.LG`.
    public var category: String
    /// Papers with it as their primary category.
    public var count: Int

    public init(category: String, count: Int) {
        self.category = category
        self.count = count
    }
}

/// What an import or a save did to the library.
public struct SaveSummary: Sendable, Equatable, Codable {
    /// Papers the library did not have.
    public var added: Int
    /// Papers replaced by a newer version or a later update.
    public var updated: Int
    /// Papers the library already had at that version or a newer one.
    public var unchanged: Int

    public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.added = added
        self.updated = updated
        self.unchanged = unchanged
    }

    /// Every paper seen.
    public var total: Int { added + updated + unchanged }

    /// Adds another summary's counts.
    public static func + (lhs: SaveSummary, rhs: SaveSummary) -> SaveSummary {
        SaveSummary(
            added: lhs.added + rhs.added, updated: lhs.updated + rhs.updated, unchanged: lhs.unchanged + rhs.unchanged)
    }
}
