import Foundation

/// A failure of a strata command: what kind it is (its exit code) and one line for a person.
///
/// The tool is its own package and the edge of itself, so its errors carry their words; the
/// exit codes follow BSD's sysexits.h as the monorepo's apps do (docs/StrataScaffold.md).
public struct StrataError: Error, Equatable, CustomStringConvertible {
    /// What kind of failure this is; each kind has its own exit code.
    public enum Kind: String, Sendable, CaseIterable {
        /// The command line was wrong (a bad name, a path outside the package).
        case usage
        /// SwiftPM rejects the manifest, or the manifest cannot take the edit.
        case validation
        /// The package, feature or template asked for does not exist.
        case notFound
        /// Something is in the way (a file, a target, an edited generated file).
        case conflict
        /// A template set or a record cannot be understood.
        case badData
        /// Reading or writing a file failed.
        case storage
        /// A bug: something that should not happen did.
        case `internal`

        /// The process exit code of this kind.
        public var exitCode: Int32 {
            switch self {
            case .usage: 64  // EX_USAGE
            case .validation: 65  // EX_DATAERR
            case .notFound: 66  // EX_NOINPUT
            case .conflict: 67
            case .badData: 78  // EX_CONFIG: a template set is configuration
            case .storage: 74  // EX_IOERR
            case .internal: 70  // EX_SOFTWARE
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

    /// The one-line message.
    public var description: String { message }

    /// The exit code of the error's kind.
    public var exitCode: Int32 { kind.exitCode }

    /// Any error as a `StrataError`, keeping one that already is.
    public static func wrap(_ error: any Error, as kind: Kind = .internal) -> StrataError {
        (error as? StrataError) ?? StrataError(kind, "\(error)")
    }

    /// A `usage` error.
    public static func usage(_ message: String) -> StrataError { StrataError(.usage, message) }
    /// A `validation` error.
    public static func validation(_ message: String) -> StrataError { StrataError(.validation, message) }
    /// A `notFound` error.
    public static func notFound(_ message: String) -> StrataError { StrataError(.notFound, message) }
    /// A `conflict` error.
    public static func conflict(_ message: String) -> StrataError { StrataError(.conflict, message) }
    /// A `badData` error.
    public static func badData(_ message: String) -> StrataError { StrataError(.badData, message) }
    /// A `storage` error.
    public static func storage(_ message: String) -> StrataError { StrataError(.storage, message) }
}
