import Core
import MemorizeEntity

/// What the game screen shows: the cards, the figures and what the last move did, as values.
///
/// How it looks (card backs, the grid's columns, the sentences) is the app's choice, so the same
/// view data can be drawn in a terminal, as JSON or by a GUI.
public struct GameViewData: Equatable, Sendable {
    /// The theme's name, the screen's title.
    public let themeName: String
    /// The theme's colour.
    public let themeColor: ThemeColor
    /// The cards in table order: card 1 first.
    public let cards: [CardCell]
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
    /// What the last move did; `nil` right after the deal.
    public let lastMove: MoveOutcome?
    /// Whether every pair is matched.
    public let isOver: Bool
    /// Once the game is over and scores are kept: its rank, or why it was not saved.
    public let recording: Recording?
}

/// One place on the table.
public struct CardCell: Equatable, Sendable {
    /// How a card shows.
    public enum Face: String, Equatable, Sendable {
        /// Face down: its content is hidden.
        case down
        /// Face up: its content shows.
        case up
        /// Matched and out of the game.
        case gone
    }

    /// The number a player types to choose the card.
    public let number: Int
    /// How the card shows.
    public let face: Face
    /// The emoji once a player has earned the right to see it (face up or matched), else `nil`.
    public let content: String?

    public init(number: Int, face: Face, content: String?) {
        self.number = number
        self.face = face
        self.content = content
    }
}

/// What a player's last move did: the typed outcome the app words.
public enum MoveOutcome: Equatable, Sendable {
    /// A card was chosen; what the rules did with it.
    case chose(card: Int, ChoiceOutcome<String>)
    /// The move named no card on the table (`noCard`, `notACardNumber`); nothing changed.
    case refused(MemorizeError)
    /// The cards were dealt again.
    case redealt
}

/// What happened to a finished game's score.
public enum Recording: Equatable, Sendable {
    /// Saved; its rank in its theme, 1 the best.
    case ranked(Int)
    /// Not saved, and why (the storage error, typed).
    case notSaved(ViewFailure)
}
