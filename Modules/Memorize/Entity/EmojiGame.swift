import Core
import Foundation

/// One game of the emoji version: the theme and seed it was dealt from, and the game itself.
///
/// The seed decides everything random about the game (the theme when it was `random`, which
/// emoji are used, where the cards lie), so a seed replays the same game.
public struct EmojiGame: Equatable, Sendable {
    /// The theme the cards come from.
    public let theme: Theme
    /// The seed the game was dealt with.
    public let seed: UInt64
    /// The game and its rules.
    public var game: MemoryGame<String>

    /// Deals a game of `pairs` pairs of `theme`, picking emoji and shuffling with `random`.
    public init(theme: Theme, pairs: Int, seed: UInt64, random: RandomSource) {
        self.theme = theme
        self.seed = seed
        let emoji = Array(random.shuffled(theme.contents).prefix(pairs))
        var game = MemoryGame(numberOfPairsOfCards: emoji.count) { pairIndex in emoji[pairIndex] }
        game.shuffle(using: random)
        self.game = game
    }

    /// How many pairs were dealt.
    public var pairs: Int { game.cards.count / 2 }

    /// The result to keep once the game is over.
    public func result(finishedAt date: Date) -> ScoreRecord {
        ScoreRecord(theme: theme.name, score: game.score, moves: game.moves, pairs: pairs, seed: seed, finishedAt: date)
    }
}
