import Core
import MemorizeEntity
import MemorizeUseCase
import Observation

/// What the themes screen shows: every theme a game can be dealt from.
public struct ThemeListViewData: Equatable, Sendable {
    /// One theme.
    public struct Row: Equatable, Sendable, Encodable {
        /// The theme's name.
        public let name: String
        /// Pairs a game deals by default.
        public let pairs: Int
        /// The most pairs its emoji allow.
        public let maxPairs: Int
        /// Its colour (encoded as its name).
        public let color: ThemeColor
        /// Its emoji, in order.
        public let emoji: [String]

        public init(name: String, pairs: Int, maxPairs: Int, color: ThemeColor, emoji: [String]) {
            self.name = name
            self.pairs = pairs
            self.maxPairs = maxPairs
            self.color = color
            self.emoji = emoji
        }
    }

    /// The themes: the built-in ones first, then the user's.
    public let rows: [Row]
}

/// The themes screen's presenter.
@Observable
@MainActor
public final class ThemeListPresenter: Presenting {
    /// The themes, once loaded.
    public private(set) var state: ViewState<ThemeListViewData> = .initial

    @ObservationIgnored private let useCase: MemorizeUseCase

    public init(useCase: MemorizeUseCase) { self.useCase = useCase }

    /// Loads the themes.
    public func load() async {
        await load(\.state) { [useCase] in
            ThemeListViewData(
                rows: try await useCase.allThemes().map { theme in
                    .init(
                        name: theme.name, pairs: theme.pairs, maxPairs: theme.contents.count, color: theme.color,
                        emoji: theme.contents)
                })
        }
    }
}
