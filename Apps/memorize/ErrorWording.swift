import AppSupport
import Core
import MemorizeEntity

/// The one place that words Memorize's errors for a person, naming the option or command to use.
enum ErrorWording {
    /// Runs every command and reports its failure: `memorize: error: <line>` and the kind's exit code.
    static let reporter = ErrorReporter(app: "memorize", wording: message(for:))

    /// The line for `error`; `nil` leaves it to the shared words (storage, usage).
    static func message(for error: any DomainError) -> String? {
        if let error = error as? StorageError,
            let line = SharedWording.unusable(error, app: "memorize", noun: "score database")
        {
            return line
        }
        if let error = error as? StorageError, error.cause == .missing {
            return SharedWording.missing(
                error, noun: "score database", start: "finishing a game of `memorize play` starts one")
        }
        guard let error = error as? MemorizeError else { return nil }
        return line(for: error)
    }

    /// The line for one of the feature's own errors.
    static func line(for error: MemorizeError) -> String {
        switch error {
        case .blankThemeName:
            return #"a theme needs a name; give it a non-empty "name""#
        case .notOneEmoji(let theme, let emoji):
            return
                "theme \(Quote.quoted(theme)): \"\(Quote.text(emoji))\" is not one emoji; list each emoji as its own string"
        case .tooFewEmoji(let theme, let distinct):
            return
                "theme \(Quote.quoted(theme)) has \(distinct) distinct emoji; it needs at least \(Theme.minimumPairs)"
        case .tooFewPairs(let theme, let pairs, let allowed):
            return
                "theme \(Quote.quoted(theme)): \(pairs) pairs is too few; use \(allowed.lowerBound) to \(allowed.upperBound) pairs"
        case .tooManyPairs(let theme, _, let allowed):
            return "too many pairs: theme \(Quote.quoted(theme)) has \(allowed.upperBound) distinct emoji, "
                + "so at most \(allowed.upperBound) pairs; use \(allowed.lowerBound) to \(allowed.upperBound)"
        case .unknownColor(let text, let known):
            return "unknown colour \"\(Quote.text(text))\"; use #RRGGBB or one of \(known.joined(separator: ", "))"
        case .duplicateTheme(let name):
            return "theme \(Quote.quoted(name)) appears twice; give each theme its own name"
        case .unknownTheme(let name, let known):
            return
                "no theme named \(Quote.quoted(name)); use --theme random or one of: \(known.joined(separator: ", "))"
        case .noThemes:
            return "there are no themes to choose from; add some with --themes-file"
        case .noCard(let number, let count):
            return "there is no card \(number); choose a card from 1 to \(count)"
        case .notACardNumber(let text, let count):
            return "\(Quote.quoted(text)) is not a card number; choose a card from 1 to \(count)"
        case .gameNotOver:
            return "the game is not over yet; match every pair before recording it"
        case .noGameInPlay:
            return "no game in play; start one with `memorize play`"
        case .themesFileMissing(let path):
            return "themes file \(Quote.path(path)) does not exist; check --themes-file or $STRATA_MEMORIZE_THEMES"
        case .themesFileUnreadable(let path, let reason):
            return
                "cannot read themes file \(Quote.path(path)): \(reason); check --themes-file or $STRATA_MEMORIZE_THEMES"
        case .themesFileNotThemes(let path, let defect):
            return
                "themes file \(Quote.path(path)) is not a list of themes (\(describe(defect))); see docs/Memorize.md for the format"
        case .badTheme(let path, let position, let name, let problem):
            let line = line(for: problem)
            let label = name.isEmpty ? "theme #\(position)" : "theme \(Quote.quoted(name))"
            return "themes file \(Quote.path(path)): "
                + (namesTheme(problem) && !name.isEmpty ? line : "\(label): \(line)")
        }
    }

    private static func describe(_ defect: ThemeFileDefect) -> String {
        func place(_ at: String) -> String { at.isEmpty ? "" : " at \(at)" }
        return switch defect {
        case .notJSON: "not valid JSON"
        case .missingField(let field, let at): "missing \"\(field)\"\(place(at))"
        case .wrongType(let at): "a value of the wrong type\(place(at))"
        }
    }

    /// Whether the line for `problem` already names its theme, so the file's line need not repeat it.
    private static func namesTheme(_ problem: MemorizeError) -> Bool {
        switch problem {
        case .notOneEmoji, .tooFewEmoji, .tooFewPairs, .tooManyPairs, .duplicateTheme: true
        default: false
        }
    }
}
