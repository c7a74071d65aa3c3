import Core
import Foundation
import MemorizeEntity
import MemorizeUseCase
import Observation

/// The high-score screen: the best games of each theme.
@Observable
@MainActor
public final class ScoreBoardPresenter {
    /// One finished game, shaped for a table row.
    public struct Row: Equatable, Sendable, Encodable {
        /// Its place within its theme, 1 the best.
        public let rank: Int
        /// The theme's name.
        public let theme: String
        /// The final score.
        public let score: Int
        /// Cards turned up.
        public let moves: Int
        /// Pairs dealt.
        public let pairs: Int
        /// The seed that replays it.
        public let seed: UInt64
        /// When it ended, `yyyy-MM-dd HH:mm` in UTC.
        public let date: String
    }

    /// The board: rows, or a line saying there is nothing yet.
    public struct Board: Equatable, Sendable {
        /// The games, theme by theme, best first.
        public let rows: [Row]
        /// What to say when there are no rows.
        public let emptyLine: String?
    }

    /// The board, once loaded.
    public private(set) var state: ViewState<Board> = .initial

    @ObservationIgnored private let useCase: MemorizeUseCase

    /// Creates the presenter.
    public init(useCase: MemorizeUseCase) { self.useCase = useCase }

    /// Loads the best `limit` games per theme (or of `theme`); throws the failure too.
    public func load(theme: String? = nil, limit: Int = 10) throws {
        state.apply(.load)
        do {
            let groups = try useCase.topScores(theme: theme, limit: limit)
            let rows = groups.flatMap { group in
                group.records.enumerated().map { index, record in
                    Row(rank: index + 1, theme: record.theme, score: record.score, moves: record.moves,
                        pairs: record.pairs, seed: record.seed, date: Self.format(record.finishedAt))
                }
            }
            let empty = theme.map { "No scores yet for \($0); finish a game with `memorize play --theme \($0)`." }
                ?? "No scores yet; finish a game with `memorize play`."
            state.apply(.succeed(Board(rows: rows, emptyLine: rows.isEmpty ? empty : nil)))
        } catch {
            state.apply(.fail(ViewFailure(error)))
            throw MessageError.wrap(error)
        }
    }

    static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
    }
}
