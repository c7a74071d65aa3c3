/// A typed failure that knows its kind: every feature's error enum conforms, such as `OrderError`.
///
/// The cases carry data (the value that was wrong, the id that was missing), never advice:
/// the app renders one line naming the flag to use, the server a JSON body naming the field.
/// Tests below the edge assert the case; tests of the apps and the server assert the words.
public protocol DomainError: Error, Sendable {
    /// What kind of failure this is; it picks the exit code and the HTTP status.
    var kind: ErrorKind { get }
}

extension DomainError {
    /// The exit code the apps use for this error.
    public var exitCode: Int32 { kind.exitCode }
}

/// An error no layer expected: the edge reports it as a bug (exit 70, HTTP 500).
public struct UnexpectedError: DomainError, Equatable, CustomStringConvertible {
    /// The underlying error, as Swift describes it.
    public let description: String

    /// Always `.internal`.
    public var kind: ErrorKind { .internal }

    /// Wraps `error`, keeping its description.
    public init(_ error: any Error) {
        description = String(describing: error)
    }
}

/// Any error as a `DomainError`: itself when it is one, else an `UnexpectedError`.
public func domainError(_ error: any Error) -> any DomainError {
    (error as? any DomainError) ?? UnexpectedError(error)
}
