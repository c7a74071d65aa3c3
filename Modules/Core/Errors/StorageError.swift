/// A database that could not be opened, read or written; Database throws it, the apps word it.
///
/// `reason` is SQLite's own one-line message (data, not advice), so the edge can say what
/// failed and what to try without knowing SQLite; `cause` says which failures it words apart.
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

    /// Why storage failed, where the edge has different advice for each.
    public enum Cause: String, Sendable, Equatable {
        /// The engine failed; `reason` says how.
        case failed
        /// Another process held the lock past the busy timeout (worth a retry).
        case busy
        /// The file is not there, and opening it to read never creates it.
        case missing
        /// The file was written by an older version whose schema must be upgraded, and it is read-only.
        case needsUpgrade
        /// The database records migrations this version does not know: a newer version wrote it.
        /// `reason` lists their ids (`v99`), comma-separated.
        case newerVersion
        /// The storage engine found the file damaged (SQLite's SQLITE_CORRUPT or SQLITE_NOTADB on
        /// a page it read); `reason` is the engine's message. Nothing is written to such a file.
        case damaged
        /// The file is not a database of this feature: empty, not SQLite, or another schema;
        /// `reason` says which (`empty`, the engine's message, or the tables it holds).
        case notOurs
        /// The engine refused a change for a constraint of the file's own schema (SQLITE_CONSTRAINT
        /// reaching the storage layer: no feature's rule, so the tables differ from the ones this
        /// version writes); `reason` is the engine's message.
        case constraint
        /// The database server does not answer: it cannot be reached, or a call got no answer
        /// within its deadline. `reason` says which (`connection refused`, `no answer within 5 s`);
        /// worth a retry once the server is back.
        case unavailable
        /// The database server asks for a password and the URL gives none.
        case passwordRequired
        /// The URL requires an encrypted connection (TLS) and the database server does not offer one.
        case tlsUnsupported
        /// The URL turns encryption (TLS) off and the database server refuses the connection
        /// without it (its host rules have no unencrypted entry for this host, user and database).
        case tlsRequired
        /// The URL asks for the server's certificate to be verified and it is not: no trusted
        /// authority signed it, or it does not name the host; `reason` says which.
        case certificateRejected
    }

    /// What was being done.
    public let operation: Operation
    /// The database file, when there is one (an in-memory database has none).
    public let path: String?
    /// The storage engine's own message, such as `database is locked`.
    public let reason: String
    /// Why it failed.
    public let cause: Cause

    /// Whether another process held the lock past the busy timeout (worth a retry).
    public var isBusy: Bool { cause == .busy }

    /// Whether a retry may succeed without anyone changing anything: the database was busy, or did not answer.
    public var isTransient: Bool { cause == .busy || cause == .unavailable }

    /// `.notFound` for a missing file, else `.storage`.
    public var kind: ErrorKind { cause == .missing ? .notFound : .storage }

    public init(_ operation: Operation, path: String?, reason: String, isBusy: Bool = false) {
        self.init(operation, path: path, reason: reason, cause: isBusy ? .busy : .failed)
    }

    public init(_ operation: Operation, path: String?, reason: String, cause: Cause) {
        self.operation = operation
        self.path = path
        self.reason = reason
        self.cause = cause
    }
}
