import Foundation
import PapersEntity

/// A list of papers and what the screen needs besides them.
public struct PaperList: Sendable, Equatable {
    /// The papers, in order.
    public var papers: [Paper]
    /// Which of them (and others) are favourites.
    public var favouriteIDs: Set<String>
    /// The version each favourite had when it was marked, for a list of favourites.
    public var markedVersions: [String: Int] = [:]
    /// Why each paper is in a day's announcements, one per paper in order, for a list of
    /// announcements: a paper the feed lists twice (replaced, and cross-listed) has both.
    public var announceTypes: [AnnounceType] = []
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

/// How far a harvest has come, after each page.
public struct HarvestProgress: Sendable, Equatable {
    /// Pages stored by this run.
    public var pages: Int
    /// Records stored by this run, deleted ones included.
    public var records: Int
    /// The latest datestamp among the records so far.
    public var datestamp: Date?
    /// Seconds since the run started, by the use case's clock.
    public var elapsed: Double

    public init(pages: Int = 0, records: Int = 0, datestamp: Date? = nil, elapsed: Double = 0) {
        self.pages = pages
        self.records = records
        self.datestamp = datestamp
        self.elapsed = elapsed
    }
}

/// What a harvest did.
public struct HarvestReport: Sendable, Equatable {
    /// The list followed.
    public var key: HarvestKey
    /// The day the list started from (nil: everything).
    public var from: String?
    /// Whether this run went on with a list an earlier run left unfinished.
    public var resumed: Bool
    /// How often the repository refused a token (expired at midnight UTC) and the list started again from `from`.
    public var restarts: Int
    /// Pages this run stored.
    public var pages: Int
    /// Records this run stored, deleted ones included.
    public var records: Int
    /// Papers added, updated or unchanged.
    public var saved: SaveSummary
    /// Deleted records: the papers the library had that are now marked withdrawn, and those it never had.
    public var withdrawn: Int
    /// The day the next run will start from.
    public var nextFrom: String?
    /// Records that could not be read and were left out, in the order they came.
    public var skipped: [SkippedRecord] = []

    public init(
        key: HarvestKey, from: String?, resumed: Bool = false, restarts: Int = 0, pages: Int = 0, records: Int = 0,
        saved: SaveSummary = SaveSummary(), withdrawn: Int = 0, nextFrom: String? = nil
    ) {
        self.key = key
        self.from = from
        self.resumed = resumed
        self.restarts = restarts
        self.pages = pages
        self.records = records
        self.saved = saved
        self.withdrawn = withdrawn
        self.nextFrom = nextFrom
    }
}

/// A harvested record that could not be read: the page of this run it came in, and what is wrong with it.
public struct SkippedRecord: Sendable, Equatable {
    /// The page, counting from 1 in this run.
    public var page: Int
    /// What is wrong: the record's number in the page, its line, and the part it lacks.
    public var problem: FeedProblem

    public init(page: Int, problem: FeedProblem) {
        self.page = page
        self.problem = problem
    }
}

/// A day's announcements: the papers kept, and what the feed held before the filter.
public struct AnnouncementList: Sendable, Equatable {
    /// The papers of the kept types, in the feed's order, with what saving them did.
    public var list: PaperList
    /// How many announcements the feed held in all.
    public var unfiltered: Int
    /// The announcement day, when the feed says.
    public var day: Date?
}

/// One page of a library search and where it sits among the matches.
public struct LibrarySearchResult: Sendable, Equatable {
    /// The papers of the page, best first.
    public var list: PaperList
    /// The parsed query.
    public var expression: QueryExpression
    /// A snippet of each paper's abstract with the matched words marked, by id.
    public var snippets: [String: MarkedText]
    /// How many papers match.
    public var total: MatchCount
    /// The page, from 1, and how many papers a page holds.
    public var page: Int
    public var pageSize: Int
    /// The last page there is (1 when nothing matches).
    public var lastPage: Int
    /// When a large library ranks only its newest matches: how many, the most pages reach.
    public var rankedNewest: Int?

    /// The position of the page's first paper among the matches, from 1.
    public var first: Int { (page - 1) * pageSize + 1 }
}
