import Core
import MemorizeEntity

/// The high-score table.
public protocol ScoreRepository: Sendable {
    /// Keeps a finished game and returns its rank among its theme's games (1 is the best).
    func add(_ record: ScoreRecord) async throws -> Int
    /// The best `limit` games of each theme, or of `theme` alone (any case): themes by name, best first.
    func top(theme: String?, limit: Int) async throws -> [ScoreRecord]
}
