import PapersEntity

/// A list of papers and what the screen needs besides them.
public struct PaperList: Sendable, Equatable {
    /// The papers, in order.
    public var papers: [Paper]
    /// Which of them (and others) are favourites.
    public var favouriteIDs: Set<String>
    /// Results the source has in all, when known.
    public var totalResults: Int?
    /// What saving them did to the library, for fetched lists.
    public var saved: SaveSummary?
    /// What was asked for, such as the query.
    public var description: String

    public init(
        papers: [Paper], favouriteIDs: Set<String>, totalResults: Int?, saved: SaveSummary?, description: String
    ) {
        self.papers = papers
        self.favouriteIDs = favouriteIDs
        self.totalResults = totalResults
        self.saved = saved
        self.description = description
    }
}

/// The outcome of marking or unmarking a favourite.
public struct FavouriteChange: Sendable, Equatable {
    /// The paper.
    public var paper: Paper
    /// Whether it is a favourite now.
    public var isFavourite: Bool
    /// Whether anything changed (false when it already was, or was not, a favourite).
    public var changed: Bool

    public init(paper: Paper, isFavourite: Bool, changed: Bool) {
        self.paper = paper
        self.isFavourite = isFavourite
        self.changed = changed
    }
}

/// The outcome of an import.
public struct ImportReport: Sendable, Equatable {
    /// Files read.
    public var files: Int
    /// Distinct papers found in them (an id seen again is a repeat, not another paper).
    public var papers: Int
    /// Entries for a paper seen earlier in the same import: a file given twice, a paper in two pages.
    public var repeats: Int
    /// What the library did with them, or `nil` for a dry run.
    public var saved: SaveSummary?

    public init(files: Int, papers: Int, repeats: Int = 0, saved: SaveSummary?) {
        self.files = files
        self.papers = papers
        self.repeats = repeats
        self.saved = saved
    }
}
