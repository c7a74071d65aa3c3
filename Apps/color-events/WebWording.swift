import AppSupport
import ColorEventsEntity
import Core
import WebSupport

/// ColorEvents' words for a browser: the same typed errors `ErrorWording` words for a terminal,
/// with advice a person can follow on the page (buttons, not keys or flags).
enum WebWording {
    /// What the journal page says before anything was sent.
    static let emptyJournal = "The journal is empty; send an event from the screens page."

    /// The words for `error` on a page.
    static func messages(for error: any Error) -> [WebMessage] {
        [WebMessage(text(for: error))]
    }

    private static func text(for error: any Error) -> String {
        let failure = (error as? ViewFailure)?.error ?? error
        switch failure {
        case ColorEventsError.unknownEvent(let name, _):
            return "There is no event named \(Quote.quoted(name)); choose one of the buttons."
        case ColorEventsError.loadingFailed: return "Loading failed; send reset to start again."
        default:
            return WebSite.sentence(ErrorWording.reporter.message(for: failure))
        }
    }
}
