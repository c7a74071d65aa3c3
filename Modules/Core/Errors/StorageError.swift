/// A database that could not be opened, read or written; Database throws it, the apps word it.
///
/// `reason` is SQLite's own one-line message (data, not advice), so the edge can say what
/// failed and what to try without knowing SQLite.
public struct StorageError: DomainError, Equatable {
    /// What was being done when storage failed.
    public enum Operation: String, Sendable, Equatable {
        /// Opening, creating or migrating the database file.
        case open
        /// Reading.
        case read
        /// Writing.
        case write
    }

    /// What was being done.
    public let operation: Operation
    /// The database file, when there is one (an in-memory database has none).
    public let path: String?
    /// The storage engine's own message, such as `database is locked`.
    public let reason: String
    /// Whether another process held the lock past the busy timeout (worth a retry).
    public let isBusy: Bool

    /// Always `.storage`.
    public var kind: ErrorKind { .storage }

    public init(_ operation: Operation, path: String?, reason: String, isBusy: Bool = false) {
        self.operation = operation
        self.path = path
        self.reason = reason
        self.isBusy = isBusy
    }
}
