import Core
import Hummingbird

/// A failed request as the client sees it: an HTTP status and the JSON body's kind, message and field.
///
/// Every error leaves the server as `{"error": {"kind": …, "message": …, "field": …}}`: the
/// kind is the `ErrorKind` (so a client knows what failed), the message is written for an HTTP
/// client, and `field` names the request field to fix when one is to blame.
public struct APIError: Error, Sendable, Equatable {
    /// The status to answer with.
    public let status: HTTPResponse.Status
    /// What kind of failure this is.
    public let kind: ErrorKind
    /// One line for the client's developer.
    public let message: String
    /// The request field to fix, such as `customer`; `nil` when no field is to blame.
    public let field: String?

    /// Creates an error with an explicit status.
    public init(_ status: HTTPResponse.Status, _ kind: ErrorKind, _ message: String, field: String? = nil) {
        self.status = status
        self.kind = kind
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        self.field = field
    }

    /// Creates an error with the status its kind maps to.
    public init(_ kind: ErrorKind, _ message: String, field: String? = nil) {
        self.init(Self.status(for: kind), kind, message, field: field)
    }

    /// The status each kind of error is answered with.
    ///
    /// A broken rule is 422, a forbidden change 409, something missing 404, a malformed request 400,
    /// storage trouble 503 (worth a retry), a bug 500.
    public static func status(for kind: ErrorKind) -> HTTPResponse.Status {
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
    /// The error's kind, message and field.
    public struct Detail: Codable, Sendable, Equatable {
        /// The `ErrorKind`, such as `validation`.
        public let kind: ErrorKind
        /// The one-line message.
        public let message: String
        /// The request field to fix, when there is one.
        public let field: String?
    }

    /// The error.
    public let error: Detail

    /// The body for `error`.
    public init(_ error: APIError) {
        self.error = Detail(kind: error.kind, message: error.message, field: error.field)
    }
}
