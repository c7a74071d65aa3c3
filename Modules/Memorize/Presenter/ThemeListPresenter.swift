import Core
import MemorizeEntity
import MemorizeUseCase
import Observation

/// The themes screen: every theme with its emoji, pairs and colour.
@Observable
@MainActor
public final class ThemeListPresenter {
    /// One theme, shaped for a table row.
    public struct Row: Equatable, Sendable, Encodable {
        /// The theme's name.
        public let name: String
        /// Pairs a game deals by default.
        public let pairs: Int
        /// The most pairs its emoji allow.
        public let maxPairs: Int
        /// The colour's name.
        public let color: String
        /// Its emoji, in order.
        public let emoji: [String]
    }

    /// The rows, once loaded.
    public private(set) var state: ViewState<[Row]> = .initial
    /// The colour of each theme, by name, for views that colour the name.
    public private(set) var colors: [String: ThemeColor] = [:]

    @ObservationIgnored private let useCase: MemorizeUseCase

    /// Creates the presenter.
    public init(useCase: MemorizeUseCase) { self.useCase = useCase }

    /// Loads the themes; throws the failure too, so a caller can exit with its code.
    public func load() throws {
        state.apply(.load)
        do {
            let themes = try useCase.allThemes()
            colors = Dictionary(themes.map { ($0.name, $0.color) }, uniquingKeysWith: { first, _ in first })
            state.apply(.succeed(themes.map { theme in
                Row(name: theme.name, pairs: theme.pairs, maxPairs: theme.contents.count, color: theme.color.name, emoji: theme.contents)
            }))
        } catch {
            state.apply(.fail(ViewFailure(error)))
            throw MessageError.wrap(error)
        }
    }
}
