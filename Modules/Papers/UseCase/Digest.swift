import Foundation
import PapersEntity

/// Why a paper is in a digest.
public enum DigestReason: String, Sendable, Equatable, Codable {
    /// It entered the library since the mark.
    case added
    /// The library got a newer version of it since the mark.
    case newVersion
}

/// One paper of a digest, under the first watch it matches.
public struct DigestEntry: Sendable, Equatable {
    /// The paper as the library has it now.
    public var paper: Paper
    /// Why it is here.
    public var reason: DigestReason
    /// The other watches it matches, in their order.
    public var alsoMatches: [String]
    /// Its BM25 score against a words watch's terms (0 when only a category matched), or its
    /// cosine with a meaning watch's description; higher is better.
    public var score: Double
    /// Whether it is a favourite.
    public var isFavourite: Bool
    /// For a favourite with a version newer than the one it was marked at: that version.
    public var markedVersion: Int?
}

/// The papers of one watch in a digest, best match first.
public struct DigestSection: Sendable, Equatable {
    /// The watch.
    public var watch: Watch
    /// Its papers, best match first.
    public var entries: [DigestEntry]
}

/// What is new since the last digest: per watch, and favourites with a newer version.
public struct Digest: Sendable, Equatable {
    /// What the digest shows from (nil: everything the library has).
    public var since: Date?
    /// Where the mark moves once the digest is read (nil when the library was never written).
    public var mark: Date?
    /// One section per watch, in the watches' order, empty ones included.
    public var sections: [DigestSection]
    /// Favourites with a version newer than the one they were marked at that no watch lists.
    public var favourites: [DigestEntry]
    /// How many papers changed since `since`, matched or not.
    public var changed: Int
    /// How many of them had no current vector and were embedded to match the meaning watches.
    public var embedded: Int = 0

    /// Every entry, each paper once: the sections' in order, then the favourites'.
    public var entries: [DigestEntry] { sections.flatMap(\.entries) + favourites }
}
