import Foundation

/// A finished game, as the high-score table keeps it.
public struct ScoreRecord: Equatable, Hashable, Sendable {
    /// The theme's name.
    public let theme: String
    /// The final score.
    public let score: Int
    /// Cards turned up to finish.
    public let moves: Int
    /// Pairs dealt.
    public let pairs: Int
    /// The seed that replays the game.
    public let seed: UInt64
    /// When the game ended.
    public let finishedAt: Date

    public init(theme: String, score: Int, moves: Int, pairs: Int, seed: UInt64, finishedAt: Date) {
        self.theme = theme
        self.score = score
        self.moves = moves
        self.pairs = pairs
        self.seed = seed
        self.finishedAt = finishedAt
    }

    /// Whether this record ranks above `other`: a higher score, then fewer moves, then earlier.
    public func ranksAbove(_ other: ScoreRecord) -> Bool {
        if score != other.score { return score > other.score }
        if moves != other.moves { return moves < other.moves }
        return finishedAt < other.finishedAt
    }

    /// Whether this record strictly beats `other` for ranking: a higher score, or as high in fewer moves.
    public func beats(_ other: ScoreRecord) -> Bool {
        score > other.score || (score == other.score && moves < other.moves)
    }
}
