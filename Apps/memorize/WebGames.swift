import AppSupport
import Core
import Foundation
import MemorizeFactory
import MemorizePresenter

/// The games a server has dealt, each a presenter of its own, by an id too long to guess.
///
/// A browser holds only the id (in the page's address); the game lives here, so a reload shows it
/// as it is and a finished game is recorded once. Nobody's game in play gives way to somebody
/// else's deals: when `capacity` games are held, a new deal takes the place of a finished game,
/// else of one nobody has touched for `idleLimit`, else it is refused (`WebGamesFull`) and every
/// game already dealt plays on. Deals are anonymous, so a limit per client would have nothing
/// sound to count by (every local player is 127.0.0.1, every player behind one proxy or NAT one
/// address, and a cookie is dropped at will); a large table that never evicts a live game keeps
/// each player's game whatever others do, and a flood can at worst delay new deals.
@MainActor
final class WebGames {
    /// The games held unless told otherwise: a few kilobytes each.
    nonisolated static let defaultCapacity = 4_096
    /// How long a game may go untouched before a new deal may take its place when the table is full.
    nonisolated static let defaultIdleLimit: Duration = .seconds(3_600)

    private struct Entry {
        let presenter: GamePresenter
        var touched: Date
    }

    private let feature: MemorizeFeature
    private let capacity: Int
    private let idleLimit: Duration
    private let clock: WallClock
    private var games: [String: Entry] = [:]

    /// Creates an empty table of games on `feature`, holding at most `capacity`.
    init(
        feature: MemorizeFeature, capacity: Int = defaultCapacity, idleLimit: Duration = defaultIdleLimit,
        clock: WallClock = .live
    ) {
        self.feature = feature
        self.capacity = max(1, capacity)
        self.idleLimit = idleLimit
        self.clock = clock
    }

    /// Deals a game; its id, or the error that kept it from being dealt.
    ///
    /// - Throws: `WebGamesFull` when `capacity` games are in play and none may give way.
    func deal(theme: String, pairs: Int?, seed: UInt64?) async throws -> String {
        let presenter = try feature.makeGamePresenter()
        await presenter.start(theme: theme, pairs: pairs, seed: seed)
        _ = try presenter.state.result()
        if games.count >= capacity {
            guard let freed = replaceable() else { throw WebGamesFull(capacity: capacity) }
            games[freed] = nil
        }
        let id = UUID().uuidString.lowercased()
        games[id] = Entry(presenter: presenter, touched: clock.now())
        return id
    }

    /// The game that may give way to a new one: the finished game touched longest ago, else the
    /// game idle longest past `idleLimit`; `nil` when every game is in play.
    private func replaceable() -> String? {
        let oldestFirst = games.sorted { $0.value.touched < $1.value.touched }
        if let finished = oldestFirst.first(where: { (try? $0.value.presenter.state.result().isOver) == true }) {
            return finished.key
        }
        let seconds = Double(idleLimit.components.seconds)
        guard let oldest = oldestFirst.first, clock.now().timeIntervalSince(oldest.value.touched) >= seconds else {
            return nil
        }
        return oldest.key
    }

    /// The game `id` as it stands, or `nil` for none.
    func game(_ id: String) throws -> GameViewData? {
        try games[id].map { try $0.presenter.state.result() }
    }

    /// Turns up card `number` of game `id`; `false` when there is no such game.
    func choose(_ number: Int, in id: String) async -> Bool {
        guard let presenter = touch(id) else { return false }
        await presenter.choose(number: number)
        return true
    }

    /// Deals game `id` again with a new seed; `false` when there is no such game.
    func restart(_ id: String) async -> Bool {
        guard let presenter = touch(id) else { return false }
        await presenter.restart()
        return true
    }

    private func touch(_ id: String) -> GamePresenter? {
        games[id]?.touched = clock.now()
        return games[id]?.presenter
    }
}

/// No game could be dealt: `capacity` games are in play and none is finished or idle.
struct WebGamesFull: Error {
    let capacity: Int
}
