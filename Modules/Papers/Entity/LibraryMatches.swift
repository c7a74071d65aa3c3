/// How many papers match a library search: all of them counted, or counting stopped at a bound.
public enum MatchCount: Sendable, Equatable {
    /// Exactly this many.
    case exactly(Int)
    /// More than this many (counting every match of a common word in a large library costs more
    /// than the search).
    case moreThan(Int)

    /// The count, or the bound it is more than.
    public var atLeast: Int {
        switch self {
        case .exactly(let count), .moreThan(let count): count
        }
    }
}

/// Text with the words a search matched marked, such as a snippet of an abstract.
public struct MarkedText: Sendable, Equatable {
    /// A stretch of the text, matched or not.
    public struct Run: Sendable, Equatable {
        public var text: String
        public var isMatch: Bool

        public init(_ text: String, isMatch: Bool) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    /// The runs, in order.
    public var runs: [Run]

    public init(_ runs: [Run]) { self.runs = runs }

    /// The text without its marks.
    public var text: String { runs.map(\.text).joined() }
}

/// One page of a library search: its papers, best first.
public struct LibraryPage: Sendable, Equatable {
    /// The papers of the page, best first.
    public var papers: [Paper]
    /// When the library ranks only its newest matches (a large library, for speed), how many:
    /// pages reach no further; nil when every match is ranked.
    public var rankedNewest: Int?
    /// How many papers match, when the search learnt it on the way (nil: ask `count`).
    public var total: MatchCount?

    public init(papers: [Paper], rankedNewest: Int? = nil, total: MatchCount? = nil) {
        self.papers = papers
        self.rankedNewest = rankedNewest
        self.total = total
    }
}
