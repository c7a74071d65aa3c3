import Core
import Foundation
import MemorizeEntity
import MemorizeRepository

/// What a player can do: deal a game, choose cards, restart, keep a finished game, see the best games.
///
/// Stateless: the game is a value the caller (the presenter) holds and passes in.
public struct MemorizeUseCase: Sendable {
    private let themes: any ThemeRepository
    private let scores: any ScoreRepository
    private let random: RandomSource
    private let clock: WallClock

    /// Creates the use case; `random` draws seeds for games dealt without one, `clock` dates results.
    public init(themes: any ThemeRepository, scores: any ScoreRepository, random: RandomSource, clock: WallClock) {
        self.themes = themes
        self.scores = scores
        self.random = random
        self.clock = clock
    }

    /// Every theme a game can be dealt from.
    public func allThemes() async throws -> [Theme] { try await themes.all() }

    /// The theme named `name` (any case).
    ///
    /// - Throws: `MemorizeError.unknownTheme` with the themes there are.
    public func theme(named name: String) async throws -> Theme {
        let all = try await themes.all()
        guard let theme = all.first(where: { $0.isNamed(name) }) else {
            throw MemorizeError.unknownTheme(name, known: all.map(\.name))
        }
        return theme
    }

    /// Deals a new game: the seed (drawn when `nil`) picks the theme when `theme` is `.random`, the emoji and the layout.
    ///
    /// - Throws: `MemorizeError.unknownTheme` or `.noThemes`, `.tooFewPairs` or `.tooManyPairs`.
    public func newGame(theme choice: ThemeChoice, pairs: Int? = nil, seed: UInt64? = nil) async throws -> EmojiGame {
        let seed = seed ?? random.next()
        let dealer = RandomSource.seeded(seed)
        let theme: Theme
        switch choice {
        case .named(let name):
            theme = try await self.theme(named: name)
        case .random:
            guard let drawn = dealer.element(of: try await themes.all()) else {
                throw MemorizeError.noThemes
            }
            theme = drawn
        }
        return EmojiGame(theme: theme, pairs: try theme.pairs(requested: pairs), seed: seed, random: dealer)
    }

    /// Chooses the card numbered `cardNumber` (1 is the first card on the table; the app lays them out in rows).
    ///
    /// - Throws: `MemorizeError.noCard` with the number of cards; the game is left as it was.
    @discardableResult
    public func choose(cardNumber: Int, in game: inout EmojiGame) throws -> ChoiceOutcome<String> {
        let count = game.game.cards.count
        guard cardNumber >= 1, cardNumber <= count else {
            throw MemorizeError.noCard(cardNumber, cardCount: count)
        }
        return game.game.choose(at: cardNumber - 1)
    }

    /// A fresh deal of the same theme and number of pairs, with a new seed.
    public func restart(_ game: EmojiGame) async throws -> EmojiGame {
        try await newGame(theme: .named(game.theme.name), pairs: game.pairs)
    }

    /// Keeps a finished game in the high scores and returns its rank in its theme (1 is the best).
    ///
    /// - Throws: `MemorizeError.gameNotOver`; `StorageError` when saving fails.
    public func record(_ game: EmojiGame) async throws -> Int {
        guard game.game.isOver else {
            throw MemorizeError.gameNotOver
        }
        // Stored to the millisecond, so the in-memory and SQLite tables keep the same time.
        return try await scores.add(game.result(finishedAt: clock.now().wholeMilliseconds))
    }

    /// The best `limit` games of each theme, or of `theme` alone, themes in name order.
    public func topScores(theme: String? = nil, limit: Int = 10) async throws -> [ThemeScores] {
        // A known theme is looked up by its canonical name; an unknown one may still have old games.
        var name = theme
        if let wanted = theme { name = (try? await self.theme(named: wanted).name) ?? wanted }
        let records = try await scores.top(theme: name, limit: limit)
        var groups: [ThemeScores] = []
        for record in records {
            if let last = groups.last, last.theme.lowercased() == record.theme.lowercased() {
                groups[groups.count - 1].records.append(record)
            } else {
                groups.append(ThemeScores(theme: record.theme, records: [record]))
            }
        }
        return groups
    }
}

/// Which theme to deal from.
public enum ThemeChoice: Equatable, Sendable {
    /// One drawn with the game's seed.
    case random
    /// The theme of that name (any case).
    case named(String)

    /// `random` (any case) means `.random`; anything else names a theme.
    public init(_ text: String) {
        self = text.lowercased() == "random" ? .random : .named(text)
    }
}

/// One theme's best games, best first.
public struct ThemeScores: Equatable, Sendable {
    /// The theme's name.
    public let theme: String
    /// Its best games, best first.
    public var records: [ScoreRecord]
}
