import PapersEntity

/// What an Atom feed from arXiv says about the result set it is a page of.
public struct FeedHeader: Sendable, Equatable {
    /// Results the whole query has (`opensearch:totalResults`), when the feed says.
    public var totalResults: Int?
    /// The 0-based index of this page's first entry (`opensearch:startIndex`).
    public var startIndex: Int?
    /// The page size asked for (`opensearch:itemsPerPage`).
    public var itemsPerPage: Int?
    /// Entries in this feed.
    public var entryCount: Int

    public init(totalResults: Int? = nil, startIndex: Int? = nil, itemsPerPage: Int? = nil, entryCount: Int = 0) {
        self.totalResults = totalResults
        self.startIndex = startIndex
        self.itemsPerPage = itemsPerPage
        self.entryCount = entryCount
    }
}

/// One page of an API response: its header and its papers.
public struct FeedPage: Sendable, Equatable {
    /// What the feed says about the result set.
    public var header: FeedHeader
    /// The papers, in the feed's order.
    public var papers: [Paper]

    public init(header: FeedHeader, papers: [Paper]) {
        self.header = header
        self.papers = papers
    }
}
