import Core

/// An error that carries its own one-line message: for the edge (apps, the strata tool), which writes words.
///
/// Layers below the edge throw typed `DomainError`s instead; a message written there would
/// name a flag or an HTTP field to a caller that has neither.
public struct MessageError: DomainError, Equatable, CustomStringConvertible {
    /// What kind of failure this is.
    public let kind: ErrorKind
    /// One line for a person: what went wrong and what to do about it.
    public let message: String

    /// Creates an error; line breaks in `message` are folded so it stays one line.
    public init(_ kind: ErrorKind, _ message: String) {
        self.kind = kind
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// The one-line message.
    public var description: String { message }

    /// The one-line message of any error: a `MessageError`'s own, or a generic line for others.
    public static func describe(_ error: any Error) -> String {
        (error as? MessageError)?.message ?? "unexpected error: \(error)"
    }

    /// Any error as a `MessageError`, keeping one that already is.
    public static func wrap(_ error: any Error, as kind: ErrorKind = .internal) -> MessageError {
        (error as? MessageError) ?? MessageError(kind, "\(error)")
    }
}

// Shorthands, so call sites at the edge read as sentences: `throw MessageError.usage(…)`.
extension MessageError {
    /// A `usage` error with the given one-line message.
    public static func usage(_ message: String) -> MessageError { MessageError(.usage, message) }
    /// A `validation` error with the given one-line message.
    public static func validation(_ message: String) -> MessageError { MessageError(.validation, message) }
    /// A `notFound` error with the given one-line message.
    public static func notFound(_ message: String) -> MessageError { MessageError(.notFound, message) }
    /// A `conflict` error with the given one-line message.
    public static func conflict(_ message: String) -> MessageError { MessageError(.conflict, message) }
    /// A `network` error with the given one-line message.
    public static func network(_ message: String) -> MessageError { MessageError(.network, message) }
    /// A `remote` error with the given one-line message.
    public static func remote(_ message: String) -> MessageError { MessageError(.remote, message) }
    /// A `badData` error with the given one-line message.
    public static func badData(_ message: String) -> MessageError { MessageError(.badData, message) }
    /// A `storage` error with the given one-line message.
    public static func storage(_ message: String) -> MessageError { MessageError(.storage, message) }
}
