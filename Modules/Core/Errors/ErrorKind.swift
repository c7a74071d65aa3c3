/// What kind of failure an error is: the edge turns it into an exit code or an HTTP status.
///
/// Layers below the apps and the server throw typed errors that name their kind; only the
/// edge writes words for a person (a flag to use, a field to fix).
public enum ErrorKind: String, Sendable, CaseIterable, Codable {
    /// The command line or the request was wrong (an unknown option value, a malformed id).
    case usage
    /// The input broke a domain rule (an empty name, too many pairs).
    case validation
    /// The thing asked for does not exist.
    case notFound
    /// The change conflicts with the current state (a forbidden status change).
    case conflict
    /// A network connection failed or timed out.
    case network
    /// A remote service answered with an error.
    case remote
    /// Data read from a file or a service could not be understood.
    case badData
    /// Local storage failed (a database that cannot be opened or written).
    case storage
    /// A bug: something that should not happen did.
    case `internal`

    /// The process exit code of this kind, after BSD's sysexits.h where one fits.
    public var exitCode: Int32 {
        switch self {
        case .usage: 64  // EX_USAGE
        case .validation: 65  // EX_DATAERR
        case .notFound: 66  // EX_NOINPUT
        case .conflict: 67
        case .network: 69  // EX_UNAVAILABLE
        case .remote: 76  // EX_PROTOCOL
        case .badData: 78
        case .storage: 74  // EX_IOERR
        case .internal: 70  // EX_SOFTWARE
        }
    }
}
