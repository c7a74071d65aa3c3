import MemorizeEntity

/// Everything the game screen shows, shaped for display: the CS193p view's input.
public struct MemorizeViewData: Equatable, Sendable {
    /// The theme's name, the screen's title.
    public let themeName: String
    /// The theme's colour, for card backs and the title.
    public let themeColor: ThemeColor
    /// The cards row by row, numbered from 1 along the rows.
    public let rows: [[CardCell]]
    /// The score so far.
    public let score: Int
    /// Cards turned up so far.
    public let moves: Int
    /// Pairs matched so far.
    public let matchedPairs: Int
    /// Pairs dealt.
    public let pairs: Int
    /// The seed that replays this game.
    public let seed: UInt64
    /// One line of figures: `score 2 · moves 6 · matched 1/8 · seed 42`.
    public let statusLine: String
    /// What the last choice did or why it was refused, if anything is worth saying.
    public let message: String?
    /// Whether every pair is matched.
    public let isOver: Bool
    /// The closing line once the game is over, with the result and its rank.
    public let gameOverLine: String?
    /// Whether the game is over, in words: the game-over line, or how far the game got.
    public let resultLine: String
    /// What to type next.
    public let prompt: String

    /// The number of cards on the table.
    public var cardCount: Int { rows.reduce(0) { $0 + $1.count } }
}

/// One place on the table.
public struct CardCell: Equatable, Sendable, Encodable {
    /// How a card shows.
    public enum Face: String, Equatable, Sendable, Encodable {
        /// Face down: the back symbol.
        case down
        /// Face up: its emoji.
        case up
        /// Matched and out of the game: nothing.
        case gone
    }

    /// The number a player types to choose the card.
    public let number: Int
    /// How the card shows.
    public let face: Face
    /// What to draw: the back symbol, the emoji, or blank for a card that is gone.
    public let symbol: String
    /// The emoji when a player has earned the right to see it (face up or matched), else `nil`.
    public let content: String?
}
