/// What a paper's meaning is read from: its title, a space, then its abstract.
public struct MeaningText: Sendable, Equatable {
    /// The text the model embeds.
    public let text: String
    /// A 64-bit FNV-1a hash of the text's UTF-8: a stored vector made from other text is stale.
    public let hash: UInt64

    /// The meaning text of `paper`.
    public init(_ paper: Paper) {
        text = paper.title + " " + paper.summary
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        self.hash = hash
    }
}

/// A paper found by meaning, with the cosine of its vector and the one searched with (1 is the same meaning).
public struct MeaningMatch: Sendable, Equatable {
    /// The paper.
    public let paper: Paper
    /// The cosine similarity, from -1 to 1.
    public let score: Double

    /// Creates a match.
    public init(paper: Paper, score: Double) {
        self.paper = paper
        self.score = score
    }
}

/// How far `papers library embed` has come: papers whose vectors are current, of all the library's.
public struct EmbedProgress: Sendable, Equatable {
    /// Papers with a current vector, those embedded by this run included.
    public let current: Int
    /// Papers in the library.
    public let total: Int

    /// Creates a progress report.
    public init(current: Int, total: Int) {
        self.current = current
        self.total = total
    }
}

/// What `papers library embed` did.
public struct EmbedSummary: Sendable, Equatable {
    /// Papers embedded by this run (new ones, and ones whose title or abstract changed).
    public let embedded: Int
    /// Papers whose vectors were current already.
    public let alreadyCurrent: Int
    /// Papers in the library.
    public let total: Int
    /// Whether the run was stopped before the end (what it embedded is kept).
    public let stopped: Bool

    /// Creates a summary.
    public init(embedded: Int, alreadyCurrent: Int, total: Int, stopped: Bool) {
        (self.embedded, self.alreadyCurrent, self.total, self.stopped) = (embedded, alreadyCurrent, total, stopped)
    }
}
