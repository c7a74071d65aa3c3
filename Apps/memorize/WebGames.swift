import AppSupport
import Foundation
import MemorizeFactory
import MemorizePresenter

/// The games a server has dealt, each a presenter of its own, by an id too long to guess.
///
/// A browser holds only the id (in the page's address); the game lives here, so a reload shows it
/// as it is and a finished game is recorded once. The oldest games give way beyond `capacity`.
@MainActor
final class WebGames {
    private let feature: MemorizeFeature
    private let capacity: Int
    private var games: [String: GamePresenter] = [:]
    private var dealt: [String] = []

    /// Creates an empty table of games on `feature`, holding at most `capacity`.
    init(feature: MemorizeFeature, capacity: Int = 256) {
        self.feature = feature
        self.capacity = capacity
    }

    /// Deals a game; its id, or the error that kept it from being dealt.
    func deal(theme: String, pairs: Int?, seed: UInt64?) async throws -> String {
        let presenter = try feature.makeGamePresenter()
        await presenter.start(theme: theme, pairs: pairs, seed: seed)
        _ = try presenter.state.result()
        let id = UUID().uuidString.lowercased()
        games[id] = presenter
        dealt.append(id)
        while dealt.count > capacity { games[dealt.removeFirst()] = nil }
        return id
    }

    /// The game `id` as it stands, or `nil` for none.
    func game(_ id: String) throws -> GameViewData? {
        try games[id].map { try $0.state.result() }
    }

    /// Turns up card `number` of game `id`; `false` when there is no such game.
    func choose(_ number: Int, in id: String) async -> Bool {
        guard let presenter = games[id] else { return false }
        await presenter.choose(number: number)
        return true
    }

    /// Deals game `id` again with a new seed; `false` when there is no such game.
    func restart(_ id: String) async -> Bool {
        guard let presenter = games[id] else { return false }
        await presenter.restart()
        return true
    }
}
