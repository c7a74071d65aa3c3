import Core
import Foundation
import MemorizeEntity
import MemorizeUseCase
import Observation

/// What the high-score screen shows: the best games of each theme, best first.
public struct ScoreBoardViewData: Equatable, Sendable {
    /// One finished game.
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

        public init(rank: Int, theme: String, score: Int, moves: Int, pairs: Int, seed: UInt64, date: String) {
            self.rank = rank
            self.theme = theme
            self.score = score
            self.moves = moves
            self.pairs = pairs
            self.seed = seed
            self.date = date
        }
    }

    /// The games, theme by theme (themes by name), best first; empty when none was finished.
    public let rows: [Row]
}

/// The high-score screen's presenter.
@Observable
@MainActor
public final class ScoreBoardPresenter: Presenting {
    /// The board, once loaded.
    public private(set) var state: ViewState<ScoreBoardViewData> = .initial

    @ObservationIgnored private let useCase: MemorizeUseCase

    public init(useCase: MemorizeUseCase) { self.useCase = useCase }

    /// Loads the best `limit` games per theme, or of `theme` alone.
    public func load(theme: String? = nil, limit: Int = 10) async {
        await load(\.state) { [useCase] in
            let groups = try await useCase.topScores(theme: theme, limit: limit)
            return ScoreBoardViewData(
                rows: groups.flatMap { group in
                    group.records.enumerated().map { index, record in
                        .init(
                            rank: index + 1, theme: record.theme, score: record.score, moves: record.moves,
                            pairs: record.pairs, seed: record.seed, date: DisplayFormat.minute(record.finishedAt))
                    }
                })
        }
    }
}
