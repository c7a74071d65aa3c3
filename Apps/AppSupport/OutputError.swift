import Core

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output that did not arrive: standard output or a file the user named could not be opened,
/// written, flushed or put in place. The one output path and the one file writer throw it;
/// `SharedWording` words it.
public struct OutputError: DomainError, Equatable {
    /// Where the output was going.
    public enum Target: Sendable, Equatable {
        /// The process's standard output (a terminal, a pipe, a redirect).
        case standardOutput
        /// A file the user named, by the path as given.
        case file(String)
    }

    /// What was being done when it failed.
    public enum Operation: String, Sendable, Equatable {
        /// Opening the file, or the temporary file beside it.
        case open
        /// Writing bytes.
        case write
        /// Flushing written bytes to the device (fsync, or close reporting a deferred error).
        case flush
        /// Putting the finished temporary file in place of the file (rename).
        case replace
    }

    /// Where the output was going.
    public let target: Target
    /// What failed.
    public let operation: Operation
    /// The system's error number (`ENOSPC`, `EPIPE`, `EBADF`, …); 0 when the refusal is ours.
    public let code: Int32
    /// The system's own words for `code`, or ours for a refusal (data, not advice).
    public let reason: String

    /// `.notFound` when the folder of a file is missing, else `.storage`.
    public var kind: ErrorKind { code == ENOENT || code == ENOTDIR ? .notFound : .storage }

    /// An error for the system error number `code`.
    public init(_ operation: Operation, target: Target, code: Int32) {
        self.init(operation, target: target, code: code, reason: String(cString: strerror(code)))
    }

    /// An error with its own reason (a refusal of ours, such as a folder where a file was named).
    public init(_ operation: Operation, target: Target, code: Int32, reason: String) {
        self.operation = operation
        self.target = target
        self.code = code
        self.reason = reason
    }
}
