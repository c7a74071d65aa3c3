import Foundation
import PapersEntity

/// One row of a paper list, every value whole: the app decides how much of it fits.
public struct PaperRowViewData: Sendable, Equatable, Codable {
    /// The id with its version, such as `2401.12345v2`.
    public var shortID: String
    /// The id without version.
    public var id: String
    /// The date of version 1, `yyyy-MM-dd`.
    public var date: String
    /// The whole title.
    public var title: String
    /// The first author, with `et al.` when there are more.
    public var authors: String
    /// Every author's name.
    public var allAuthors: [String]
    /// The primary category.
    public var category: String
    /// Whether the paper is a favourite.
    public var isFavourite: Bool
    /// Whether version 1 came out in the last seven days.
    public var isRecent: Bool
    /// For a favourite whose library copy is newer than the version it had when marked: that version.
    public var markedVersion: Int? = nil
    /// Why the paper is in a day's announcements: `new`, `cross`, `replace` or `replace-cross`.
    public var announceType: String? = nil
    /// The abstract page on arXiv.
    public var abstractURL: String = ""
    /// The PDF on arXiv.
    public var pdfURL: String = ""
    /// For a library search: a stretch of the abstract around the matched words, which are marked.
    public var snippet: [TextRunViewData]? = nil
}

/// A stretch of text, and whether a search matched it.
public struct TextRunViewData: Sendable, Equatable, Codable {
    public var text: String
    public var isMatch: Bool

    public init(text: String, isMatch: Bool) {
        self.text = text
        self.isMatch = isMatch
    }
}

/// Which of a search's matches a page shows: `first` to `last` of `total` (or of more than `total`).
public struct ResultRangeViewData: Sendable, Equatable, Codable {
    /// The position of the page's first and last papers among the matches, from 1.
    public var first: Int
    public var last: Int
    /// How many papers match, or the bound counting stopped at.
    public var total: Int
    /// Whether more than `total` match.
    public var totalIsLowerBound: Bool
    /// The page, from 1, the last page, and how many papers a page holds.
    public var page: Int
    public var lastPage: Int
    public var pageSize: Int
    /// When a large library ranks only its newest matches: how many, the most pages reach.
    public var rankedNewest: Int?
}

/// A list of papers and what it answers; the app words its heading.
public struct PaperListViewData: Sendable, Equatable, Codable {
    /// The rows.
    public var rows: [PaperRowViewData]
    /// What the list is of, so the app can say why it is empty.
    public var subject: PaperListSubject
    /// What the list answers, such as `all:testing` or `favourites`.
    public var description: String
    /// How many results the source has in all, when it says (an arXiv search).
    public var totalResults: Int?
    /// What the library saved, for fetched lists.
    public var saved: SavedCounts?
    /// For a library search: which of the matches the rows are.
    public var range: ResultRangeViewData? = nil
    /// For a list by meaning: each row's cosine with what was searched for, from -1 to 1.
    public var scores: [Double]? = nil
    /// For a list by meaning: how many papers of the library have no vector yet, so could not be found.
    public var unembedded: Int? = nil
}

/// What a save did to the library.
public struct SavedCounts: Sendable, Equatable, Codable {
    /// Papers new to the library.
    public var added: Int
    /// Papers replaced by a newer version.
    public var updated: Int
    /// Papers already there as they are.
    public var unchanged: Int

    /// Counts of a save.
    public init(added: Int, updated: Int, unchanged: Int) {
        (self.added, self.updated, self.unchanged) = (added, updated, unchanged)
    }
}

/// What a list of papers is of.
public enum PaperListSubject: Sendable, Equatable, Codable {
    /// An arXiv search, as the API's query text.
    case arxivSearch(String)
    /// The newest submissions in a category.
    case category(String)
    /// The favourites.
    case favourites
    /// A full-text search of the library, as typed.
    case librarySearch(String)
    /// A day's announcements in the categories (comma-separated), how many the feed held before
    /// the type filter, and the day (`yyyy-MM-dd`) when the feed said.
    case announcements(String, unfiltered: Int, day: String?)
    /// Papers like the one with this id (with version), in the library.
    case similar(String)
    /// Papers nearest in meaning to the one with this id (with version), in the library.
    case similarByMeaning(String)
    /// Papers of the library nearest in meaning to this text.
    case meaningSearch(String)
    /// The papers of the library whose version 1 is newest.
    case newest
}

/// What marking or unmarking a favourite just did.
public enum FavouriteNotice: String, Sendable, Equatable, Codable {
    /// The paper became a favourite.
    case added
    /// The paper already was a favourite.
    case alreadyFavourite
    /// The paper is no longer a favourite.
    case removed
    /// The paper was not a favourite.
    case wasNotFavourite
}

/// Everything about one paper, for its detail screen.
public struct PaperDetailViewData: Sendable, Equatable, Codable {
    /// The id with its version.
    public var shortID: String
    /// The id without version.
    public var id: String
    /// The version.
    public var version: Int
    /// The title.
    public var title: String
    /// Each author, with affiliations in parentheses.
    public var authors: [String]
    /// Each author's name alone, as a search for their papers reads it.
    public var authorNames: [String] = []
    /// Version 1's date, `yyyy-MM-dd`.
    public var published: String
    /// This version's date, `yyyy-MM-dd`.
    public var updated: String
    /// The primary category.
    public var primaryCategory: String
    /// Every category.
    public var categories: [String]
    /// The abstract page.
    public var abstractURL: String
    /// The PDF.
    public var pdfURL: String
    /// The comment, if any.
    public var comment: String?
    /// The journal reference, if any.
    public var journalRef: String?
    /// The DOI, if any.
    public var doi: String?
    /// Every version arXiv lists, oldest first (empty when the library learnt none).
    public var versions: [VersionViewData] = []
    /// The licence's URL, if known.
    public var license: String? = nil
    /// Whether arXiv has withdrawn the paper.
    public var withdrawn = false
    /// The abstract.
    public var summary: String
    /// Whether the paper is a favourite.
    public var isFavourite: Bool
    /// Whether version 1 came out in the last seven days.
    public var isRecent: Bool
    /// What a favourite mark just did, for `fav` and `unfav`.
    public var change: FavouriteNotice?

    /// Label and value pairs in display order, empty values left out.
    public var fields: [DetailField] {
        let pairs: [(String, String?)] = [
            ("id", shortID), ("title", title), ("authors", authors.joined(separator: "; ")),
            ("published", published), ("updated", updated),
            ("category", ([primaryCategory] + categories.filter { $0 != primaryCategory }).joined(separator: " ")),
            ("abstract", abstractURL), ("pdf", pdfURL), ("comment", comment), ("journal", journalRef), ("doi", doi),
            ("license", license), ("withdrawn", withdrawn ? "yes" : nil),
            ("favourite", isFavourite ? "yes" : "no"),
        ]
        return pairs.compactMap { label, value in
            value.flatMap { $0.isEmpty ? nil : DetailField(label: label, value: $0) }
        }
    }
}

/// One version of a paper.
public struct VersionViewData: Sendable, Equatable, Codable {
    /// 1 for the first.
    public var number: Int
    /// When it was submitted, `yyyy-MM-dd`.
    public var date: String
    /// Its size as arXiv gives it, such as `13kb`.
    public var size: String?
}

/// One labelled value of a detail view.
public struct DetailField: Sendable, Equatable, Codable {
    /// The label, such as `doi`.
    public var label: String
    /// The value.
    public var value: String

    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}

/// The library's statistics, as lines of labelled values.
public struct LibraryStatsViewData: Sendable, Equatable, Codable {
    /// Labelled values in display order.
    public var fields: [DetailField]
    /// The busiest categories with their counts.
    public var categories: [CategoryCount]
    /// The counts as numbers, for machines (`fields` holds them as text, grouped for people).
    public var papers, favourites, fetches: Int
    /// The first and last publication days and the day of the last fetch, YYYY-MM-DD; `nil` when there is none.
    public var oldestPublished, newestPublished, lastFetch: String?
}

/// What a check of the library found: each problem typed (the app words it), and what a fix repaired.
public struct LibraryHealthViewData: Sendable, Equatable, Codable {
    /// Papers in the library.
    public var papers: Int
    /// Every problem found, in the order checked.
    public var problems: [LibraryProblem]
    /// The problems a fix repaired; empty when no fix was asked for.
    public var fixed: [LibraryProblem]
    /// The problems still there.
    public var remaining: [LibraryProblem]
    /// Whether a fix was asked for.
    public var fixAsked: Bool
}

/// The outcome of an import, as one line.
public struct ImportViewData: Sendable, Equatable, Codable {
    /// Files read.
    public var files: Int
    /// Entries found.
    public var papers: Int
    /// Papers added to the library.
    public var added: Int
    /// Papers replaced by a newer version.
    public var updated: Int
    /// Papers already there.
    public var unchanged: Int
    /// Entries for a paper already seen in the same import (not counted as papers).
    public var repeats: Int
    /// Whether this was a dry run.
    public var dryRun: Bool
}

/// What a harvest did.
public struct HarvestViewData: Sendable, Equatable, Codable {
    /// The set as OAI-PMH names it; empty for all of arXiv.
    public var set: String
    /// The metadata format, `arXivRaw` or `arXiv`.
    public var format: String
    /// The repository's base URL.
    public var endpoint: String
    /// The day the list started from, `YYYY-MM-DD`; nil for everything.
    public var from: String?
    /// Whether the run went on with a list an earlier run left unfinished.
    public var resumed: Bool
    /// How often the repository refused a token and the list started again.
    public var restarts: Int
    public var pages: Int
    /// Records received, deleted ones included.
    public var records: Int
    public var added: Int
    public var updated: Int
    public var unchanged: Int
    /// Papers marked withdrawn (deleted records of papers the library had).
    public var withdrawn: Int
    /// The day the next run starts from.
    public var nextFrom: String?
    /// Records left out because they could not be read.
    public var skipped: [SkippedRecordViewData] = []
}

/// A harvested record that was left out: where it was and what it lacks.
public struct SkippedRecordViewData: Sendable, Equatable, Codable {
    /// The page of the run, from 1.
    public var page: Int
    /// The record's number in its page, from 1.
    public var record: Int
    /// The line of the page the record starts on.
    public var line: Int
    /// The record's id or OAI identifier, as far as it had one.
    public var id: String
    /// What is wrong: it lacks its `id`, `title`, `author` or `dates`; its `format` is one papers
    /// cannot read; or a `version` is below v1 or listed twice.
    public var missing: String
}

/// How far a running harvest has come.
public struct HarvestProgressViewData: Sendable, Equatable {
    public var pages: Int
    public var records: Int
    /// Records a second so far; nil before a second has passed.
    public var recordsPerSecond: Double?
    /// The latest datestamp so far, `YYYY-MM-DD`.
    public var datestamp: String?
}

/// BibTeX entries, ready to print.
public struct BibTeXViewData: Sendable, Equatable, Codable {
    /// One entry per paper.
    public var entries: [String]
    /// The entries separated by blank lines.
    public var text: String { entries.joined(separator: "\n\n") }
}

/// Texts as vectors: one unit-length vector per text, in the order the texts were given.
public struct EmbeddingViewData: Sendable, Equatable, Codable {
    /// The vectors, each of the model's length.
    public let vectors: [[Float]]

    /// Creates the view data.
    public init(vectors: [[Float]]) {
        self.vectors = vectors
    }
}

/// How far an embedding run has come.
public struct EmbedProgressViewData: Sendable, Equatable, Codable {
    /// Papers with a current vector.
    public let current: Int
    /// Papers in the library.
    public let total: Int
}

/// What an embedding run did.
public struct EmbedViewData: Sendable, Equatable, Codable {
    /// Papers embedded by this run.
    public let embedded: Int
    /// Papers whose vectors were current already.
    public let alreadyCurrent: Int
    /// Papers in the library.
    public let total: Int
    /// Whether the run was stopped before the end (what it did is kept).
    public let stopped: Bool
}
