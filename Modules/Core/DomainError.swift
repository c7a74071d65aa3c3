/// An error a person can act on: one line that says what went wrong and what to do, and an exit code.
///
/// Every layer turns its failures into a `DomainError`, so the apps print `message` on one
/// line of stderr and exit with `kind.exitCode`, whatever failed underneath.
public struct DomainError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure this is; each kind has its own exit code.
    public enum Kind: String, Sendable, CaseIterable, Codable {
        /// The command line was wrong (an unknown option value, a malformed id).
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
            case .usage: 64       // EX_USAGE
            case .validation: 65  // EX_DATAERR
            case .notFound: 66    // EX_NOINPUT
            case .conflict: 67
            case .network: 69     // EX_UNAVAILABLE
            case .remote: 76      // EX_PROTOCOL
            case .badData: 78
            case .storage: 74     // EX_IOERR
            case .internal: 70    // EX_SOFTWARE
            }
        }
    }

    /// What kind of failure this is.
    public let kind: Kind
    /// One line for a person: what went wrong and what to do about it.
    public let message: String

    /// Creates an error; line breaks in `message` are folded so it stays one line.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// The exit code the apps use for this error.
    public var exitCode: Int32 { kind.exitCode }

    /// The one-line message.
    public var description: String { message }

    /// The one-line message of any error: a `DomainError`'s own, or a generic line for others.
    /// A `describe` error with the given one-line message.
    public static func describe(_ error: any Error) -> String {
        (error as? DomainError)?.message ?? DomainError(.internal, "unexpected error: \(error)").message
    }

    /// Any error as a `DomainError`, keeping one that already is.
    /// A `wrap` error with the given one-line message.
    public static func wrap(_ error: any Error, as kind: Kind = .internal) -> DomainError {
        (error as? DomainError) ?? DomainError(kind, "\(error)")
    }
}

// Shorthands, so call sites read as sentences: `throw .notFound("no order abc; run `coffee list`")`.
extension DomainError {
    /// A `usage` error with the given one-line message.
    public static func usage(_ message: String) -> DomainError { DomainError(.usage, message) }
    /// A `validation` error with the given one-line message.
    public static func validation(_ message: String) -> DomainError { DomainError(.validation, message) }
    /// A `notFound` error with the given one-line message.
    public static func notFound(_ message: String) -> DomainError { DomainError(.notFound, message) }
    /// A `conflict` error with the given one-line message.
    public static func conflict(_ message: String) -> DomainError { DomainError(.conflict, message) }
    /// A `network` error with the given one-line message.
    public static func network(_ message: String) -> DomainError { DomainError(.network, message) }
    /// A `remote` error with the given one-line message.
    public static func remote(_ message: String) -> DomainError { DomainError(.remote, message) }
    /// A `badData` error with the given one-line message.
    public static func badData(_ message: String) -> DomainError { DomainError(.badData, message) }
    /// A `storage` error with the given one-line message.
    public static func storage(_ message: String) -> DomainError { DomainError(.storage, message) }
}
