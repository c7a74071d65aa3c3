import Core

/// Every failure of the ColorEvents layers, with the data the app needs to word it.
///
/// The cases carry values (the name typed, the entry's number), never sentences: the app
/// names the command or key to use, so the same failure reads right in every front end.
public enum ColorEventsError: DomainError, Equatable {
    /// No event has this name; `known` lists every event, in table order.
    case unknownEvent(name: String, known: [Event])
    /// A journal limit below zero.
    case negativeLimit(Int)
    /// A screen's work failed: the `failLoading` event moved it to `failed`.
    case loadingFailed(Screen)
    /// A stored journal entry names an event this version does not know (another version wrote it).
    case unknownStoredEvent(sequence: Int64, name: String)
    /// A stored journal entry holds text that is not a `#RRGGBB` colour.
    case damagedColor(sequence: Int64, text: String)
    /// A journal entry's colours do not fit its event's actions, so it cannot be replayed.
    case colorCountMismatch(event: Event, expected: Int, recorded: Int)
    /// The database URL is not a `postgres://` URL with a user and a host (shown without its password).
    case notADatabaseURL(url: String)

    /// The kind picks the exit code: usage for what was typed, bad data for a damaged journal.
    public var kind: ErrorKind {
        switch self {
        case .unknownEvent, .negativeLimit, .notADatabaseURL: .usage
        // A screen failing is the state the failLoading event asks for, not a fault of the app;
        // it is shown, never thrown to the reporter. `internal` keeps it out of every other kind.
        case .loadingFailed: .internal
        case .unknownStoredEvent, .damagedColor, .colorCountMismatch: .badData
        }
    }
}
