import AppSupport
import Core
import MemorizeEntity
import MemorizePresenter
import WebSupport

/// Memorize's words for a browser: the same typed outcomes `BoardView` and `ErrorWording` word for a
/// terminal, with advice a player can follow on the page (no keys, flags or commands).
enum WebWording {
    /// What a move did, or `nil` when a card just turned up.
    static func message(_ move: MoveOutcome) -> String? {
        switch move {
        case .redealt: "New game: the cards were dealt again."
        case .refused(let error): text(for: error)
        case .chose(let number, let outcome): BoardView.describe(outcome, number: number)
        }
    }

    /// The closing line once the game is over, with its rank or why it was not saved.
    static func gameOver(_ data: GameViewData) -> String? {
        BoardView.gameOver(data) { text(for: $0) }
    }

    /// What the scores page says when there are none.
    static func noScores(theme: String?) -> String {
        theme.map { "No scores yet for \(Quote.text($0)); finish a game of it to see it here." }
            ?? "No scores yet; finish a game to see it here."
    }

    /// Why no game was dealt: the server holds as many games in play as it may.
    static func tableFull(_ full: WebGamesFull, retryAfter seconds: Int) -> String {
        "This server already holds \(full.capacity) games in play; try again in \(seconds) seconds."
    }

    /// The form field `field`, labelled `label`, needed a whole number and got something else.
    static func notANumber(_ field: String, label: String) -> WebMessage {
        WebMessage("\(label) must be a whole number, or left empty.", field: field)
    }

    /// The words for `error` on a page, beside the deal form's field it belongs to, if any.
    static func messages(for error: any Error) -> [WebMessage] {
        [WebMessage(text(for: error), field: field(for: error))]
    }

    /// The deal form's field `error` belongs beside; `nil` when it is about the page as a whole.
    private static func field(for error: any Error) -> String? {
        switch (error as? ViewFailure)?.error ?? error {
        case MemorizeError.unknownTheme: "theme"
        case MemorizeError.tooFewPairs, MemorizeError.tooManyPairs: "pairs"
        default: nil
        }
    }

    /// The words for `error` on a page: the feature's own where they name nothing of the terminal.
    private static func text(for error: any Error) -> String {
        let failure = (error as? ViewFailure)?.error ?? error
        switch failure {
        case MemorizeError.noCard(let number, let count):
            return "There is no card \(number); choose a card from 1 to \(count)."
        case MemorizeError.notACardNumber(let text, let count):
            return "\(Quote.quoted(text)) is not a card number; choose a card from 1 to \(count)."
        case MemorizeError.unknownTheme(let name, _):
            return "There is no theme named \(Quote.quoted(name)); choose one from the list."
        case MemorizeError.tooFewPairs(let theme, let pairs, let allowed),
            MemorizeError.tooManyPairs(let theme, let pairs, let allowed):
            return
                "\(Quote.quoted(theme)) cannot deal \(pairs) pairs; choose \(allowed.lowerBound) to \(allowed.upperBound), or leave it empty."
        case MemorizeError.noGameInPlay: return "That game is no longer in play; deal a new one."
        default: return WebSite.sentence(ErrorWording.reporter.message(for: failure))
        }
    }

}
