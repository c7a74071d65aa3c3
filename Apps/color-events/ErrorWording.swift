import AppSupport
import ColorEventsEntity
import Core

/// The words for ColorEvents' errors: the only place that names the app's commands, flags and keys.
enum ErrorWording {
    /// Runs every command: one error line on stderr and the exit code of the error's kind.
    static let reporter = ErrorReporter(app: "color-events", wording: message(for:))

    /// The line for one of the feature's errors; `nil` leaves it to the shared words.
    static func message(for error: any DomainError) -> String? {
        if let error = error as? StorageError,
            let line = SharedWording.unusable(error, app: "color-events", noun: "journal")
        {
            return line
        }
        if let error = error as? StorageError, let line = SharedWording.postgres(error, app: "color-events") {
            return line
        }
        if let error = error as? StorageError, error.cause == .missing {
            return SharedWording.missing(error, noun: "journal", start: "`color-events send EVENT` starts one")
        }
        guard let error = error as? ColorEventsError else { return nil }
        return switch error {
        case .unknownEvent(let name, let known):
            "unknown event \(Quote.quoted(name)); known events: \(known.map(\.rawValue).joined(separator: ", "))"
        case .negativeLimit(let limit):
            "--limit must be 0 or more, not \(limit)"
        case .loadingFailed:
            "loading failed; send reset (press x) to start again"
        case .unknownStoredEvent(let sequence, let name):
            "journal entry \(sequence) names an unknown event \(Quote.quoted(name)); the journal was written by another version"
        case .damagedColor(let sequence, let text):
            "journal entry \(sequence) holds a bad colour \(Quote.quoted(text)); the journal is damaged"
        case .colorCountMismatch(let event, let expected, let recorded):
            "a journal entry for \(event.rawValue) holds \(recorded) colours where its actions draw \(expected); the journal is damaged"
        case .notADatabaseURL(let url):
            "\(Quote.quoted(url)) is not a PostgreSQL URL; pass one like postgres://user@127.0.0.1:5432/colors to --database"
        }
    }
}
