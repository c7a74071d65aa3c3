import Core
import Hummingbird

/// A failed request: an HTTP status and the one-line `DomainError` a command-line run would print.
///
/// Every error leaves the server as `{"error": {"kind": …, "message": …}}`, so a client turns
/// it back into the same `DomainError` and prints the same line.
public struct APIError: Error, Sendable {
    /// The status to answer with.
    public let status: HTTPResponse.Status
    /// What went wrong, for a person.
    public let error: DomainError

    /// Creates an error with an explicit status.
    public init(_ status: HTTPResponse.Status, _ error: DomainError) {
        self.status = status
        self.error = error
    }

    /// The error for `error` with the status its kind maps to.
    public init(_ error: DomainError) {
        self.init(Self.status(for: error.kind), error)
    }

    /// The status each kind of domain error is answered with.
    ///
    /// A broken rule is 422, a forbidden change 409, something missing 404, a malformed request 400,
    /// storage trouble 503 (worth a retry), a bug 500.
    public static func status(for kind: DomainError.Kind) -> HTTPResponse.Status {
        switch kind {
        case .usage, .badData: .badRequest
        case .validation: .unprocessableContent
        case .notFound: .notFound
        case .conflict: .conflict
        case .network, .remote: .badGateway
        case .storage: .serviceUnavailable
        case .internal: .internalServerError
        }
    }
}

/// The JSON body of every error response.
public struct ErrorBody: Codable, Sendable, Equatable {
    /// The error's kind and message.
    public struct Detail: Codable, Sendable, Equatable {
        /// The `DomainError` kind, such as `validation`.
        public let kind: DomainError.Kind
        /// The one-line message.
        public let message: String
    }

    /// The error.
    public let error: Detail

    /// The body for `error`.
    public init(_ error: DomainError) {
        self.error = Detail(kind: error.kind, message: error.message)
    }
}
