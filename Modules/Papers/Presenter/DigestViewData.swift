import Foundation
import PapersEntity
import PapersUseCase

/// One saved search as a list shows it.
public struct WatchViewData: Sendable, Equatable, Codable {
    /// The watch's name.
    public var name: String
    /// Its query as typed; for a meaning watch, its description.
    public var query: String
    /// The categories it is limited to (empty: every category).
    public var categories: [String]
    /// For a meaning watch, the lowest cosine a paper needs; nil for a watch by words.
    public var threshold: Double?
}

/// The saved searches, and what the last change to them was.
public struct WatchListViewData: Sendable, Equatable, Codable {
    /// Every watch, in the order they were added.
    public var watches: [WatchViewData]
    /// What the command changed, if anything.
    public var change: WatchChange?
}

/// What a watch command did.
public enum WatchChange: Sendable, Equatable, Codable {
    /// The watch of this name was added.
    case added(String)
    /// The watch of this name was removed.
    case removed(String)
}

/// One paper of a digest, every value whole: the app decides how much of it fits.
public struct DigestEntryViewData: Sendable, Equatable, Codable {
    /// The id with its version, such as `2401.12345v2`.
    public var shortID: String
    /// The id without version.
    public var id: String
    /// The version the library has.
    public var version: Int
    /// The whole title.
    public var title: String
    /// Every author's name.
    public var authors: [String]
    /// The first author, with `et al.` when there are more.
    public var authorSummary: String
    /// The primary category.
    public var category: String
    /// The abstract.
    public var summary: String
    /// The date of version 1, `yyyy-MM-dd`.
    public var date: String
    /// When version 1 was submitted and when this version was (for feeds).
    public var published: Date
    public var updated: Date
    /// The abstract page and the PDF.
    public var abstractURL: String
    public var pdfURL: String
    /// Why it is in the digest.
    public var reason: DigestReason
    /// The other watches it matches.
    public var alsoMatches: [String]
    /// Whether it is a favourite.
    public var isFavourite: Bool
    /// For a favourite with a newer version than the one it was marked at: that version.
    public var markedVersion: Int?
}

/// One watch's part of a digest.
public struct DigestSectionViewData: Sendable, Equatable, Codable {
    /// The watch's name and query (for a meaning watch, its description).
    public var name: String
    public var query: String
    /// For a meaning watch, the lowest cosine a paper needs; nil for a watch by words.
    public var threshold: Double?
    /// Its papers, best match first.
    public var entries: [DigestEntryViewData]
}

/// A digest: what is new per watch, and favourites with a newer version.
public struct DigestViewData: Sendable, Equatable, Codable {
    /// The day and time it shows from, `yyyy-MM-dd HH:mm` UTC; nil for everything in the library.
    public var since: String?
    /// When the newest change it shows entered the library (for a feed's `updated`); nil for an empty library.
    public var asOf: Date?
    /// One section per watch, in order, empty ones included.
    public var sections: [DigestSectionViewData]
    /// Favourites with a newer version that no watch lists.
    public var favourites: [DigestEntryViewData]
    /// How many papers changed since `since`, matched or not.
    public var changed: Int
    /// How many of them were embedded for the meaning watches, having no vector yet.
    public var embedded: Int
    /// Whether the mark moved (false with `--peek` or `--since`, or before it is committed).
    public var markMoved: Bool

    /// How many papers the digest lists.
    public var count: Int { sections.reduce(favourites.count) { $0 + $1.entries.count } }
}

/// The papers of an export, with what a reference manager reads of each.
public struct ExportViewData: Sendable, Equatable, Codable {
    /// One record per paper, in the order selected.
    public var records: [ExportRecord]
}

/// A paper as reference managers read it: names split, identifiers and dates apart.
public struct ExportRecord: Sendable, Equatable, Codable {
    /// An author: family and given names when the source split them, else guessed from the last word.
    public struct Name: Sendable, Equatable, Codable {
        public var family: String
        public var given: String?
        public var suffix: String?
        /// The name as arXiv shows it.
        public var literal: String
    }

    /// The arXiv id without version, and the version.
    public var id: String
    public var version: Int
    /// The citation key BibTeX uses.
    public var citationKey: String
    public var title: String
    public var authors: [Name]
    /// The abstract.
    public var summary: String
    /// Version 1's date: year, month, day (UTC).
    public var year: Int
    public var month: Int
    public var day: Int
    /// The journal's DOI when there is one, else arXiv's DataCite DOI.
    public var doi: String
    /// Every category, the primary one first.
    public var categories: [String]
    public var abstractURL: String
    public var pdfURL: String
    public var journalRef: String?
    public var comment: String?
    /// The BibTeX entry, from the library's one BibTeX writer.
    public var bibTeX: String
}
