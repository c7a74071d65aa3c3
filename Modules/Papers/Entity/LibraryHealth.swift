import Foundation

/// One kind of damage `papers doctor` looks for in a library.
public enum LibraryProblem: Sendable, Equatable, Codable {
    /// SQLite's own integrity check failed: pages or indexes of the file itself are damaged.
    /// Nothing in the library can rebuild them; its first messages are kept.
    case damagedFile(messages: [String])
    /// Papers the full-text index does not hold, so `library search` cannot find them.
    case unindexedPapers(count: Int)
    /// Index entries for papers that are gone (`count` of them), or (`nil`) entries whose
    /// text is no longer the rows' text.
    case staleIndexEntries(count: Int?)
    /// A write that indexes in bulk stopped before its end and left its mark behind.
    case unfinishedIndexing
    /// Favourites of papers the library no longer has.
    case orphanedFavourites(ids: [String])
    /// Papers whose version list names a version twice, or versions beyond the paper's own
    /// (left by a record that was replaced by an older one).
    case inconsistentVersions(ids: [String])
    /// Papers whose stored authors or versions cannot be read; a fix empties those lists, so the
    /// paper's next record (a search, an import, a harvest) fills them again.
    case unreadableLists(ids: [String])

    /// Whether `papers doctor --fix` can repair it from what the library holds.
    public var isFixable: Bool {
        if case .damagedFile = self { return false }
        return true
    }
}

/// What a check of the library found and, when asked to fix, what it repaired.
public struct LibraryHealth: Sendable, Equatable, Codable {
    /// The papers the library holds.
    public var papers: Int
    /// Every problem found, in the order checked.
    public var problems: [LibraryProblem]
    /// The problems repaired (all the fixable ones, when a fix was asked for).
    public var fixed: [LibraryProblem]

    public init(papers: Int, problems: [LibraryProblem], fixed: [LibraryProblem] = []) {
        self.papers = papers
        self.problems = problems
        self.fixed = fixed
    }

    /// The problems still there: found and not fixed.
    public var remaining: [LibraryProblem] { problems.filter { !fixed.contains($0) } }

    /// Whether nothing is wrong, or everything found was fixed.
    public var isHealthy: Bool { remaining.isEmpty }
}
