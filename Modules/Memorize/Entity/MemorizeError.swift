import Core

/// Every way the Memorize feature fails, below the app: the app words each case and names the flag to use.
///
/// Cases carry the offending value and what was allowed, never advice, so the game's rules
/// can be reused by any front end (the terminal game, a test, a future GUI).
public enum MemorizeError: DomainError, Equatable {
    /// A theme with a blank name.
    case blankThemeName
    /// An entry of a theme's emoji that is not one visible character.
    case notOneEmoji(theme: String, emoji: String)
    /// A theme with fewer distinct emoji than a game needs (`Theme.minimumPairs`).
    case tooFewEmoji(theme: String, distinct: Int)
    /// Fewer pairs than a game needs; `allowed` is what the theme can deal.
    case tooFewPairs(theme: String, pairs: Int, allowed: ClosedRange<Int>)
    /// More pairs than the theme has distinct emoji; `allowed` is what it can deal.
    case tooManyPairs(theme: String, pairs: Int, allowed: ClosedRange<Int>)
    /// A colour that is neither a known name nor `#RRGGBB`; `known` lists the names.
    case unknownColor(String, known: [String])
    /// Two themes of one file with the same name (any case).
    case duplicateTheme(String)
    /// No theme has this name; `known` lists the names there are.
    case unknownTheme(String, known: [String])
    /// A random theme was asked for, but there are no themes at all.
    case noThemes
    /// No card has this number; the cards are numbered 1 to `cardCount`.
    case noCard(Int, cardCount: Int)
    /// Input that is not a card number; the cards are numbered 1 to `cardCount`.
    case notACardNumber(String, cardCount: Int)
    /// Only a finished game goes into the high scores.
    case gameNotOver
    /// A move or a restart with no game dealt.
    case noGameInPlay
    /// The themes file does not exist.
    case themesFileMissing(path: String)
    /// The themes file exists but could not be read; `reason` is the system's.
    case themesFileUnreadable(path: String, reason: String)
    /// The themes file is not a list of themes.
    case themesFileNotThemes(path: String, defect: ThemeFileDefect)
    /// A theme of the themes file breaks a rule: its place (from 1), its name as written, and the rule's error.
    indirect case badTheme(path: String, position: Int, name: String, problem: MemorizeError)

    /// What kind of failure the case is (and so the exit code).
    public var kind: ErrorKind {
        switch self {
        case .blankThemeName, .notOneEmoji, .tooFewEmoji, .tooFewPairs, .tooManyPairs, .unknownColor, .duplicateTheme,
            .noCard:
            .validation
        case .unknownTheme, .noThemes, .themesFileMissing: .notFound
        case .notACardNumber: .usage
        case .gameNotOver, .noGameInPlay: .conflict
        case .themesFileUnreadable, .themesFileNotThemes, .badTheme: .badData
        }
    }
}

/// Why a themes file is not a list of themes, as the JSON decoder found it.
public enum ThemeFileDefect: Equatable, Sendable {
    /// The text is not JSON at all.
    case notJSON
    /// A theme lacks a field it needs; `at` is where, such as `themes[0]` (empty at the top).
    case missingField(String, at: String)
    /// A value has the wrong type (text where a list should be); `at` is where (empty at the top).
    case wrongType(at: String)
}
