import Core
import Hummingbird

/// A failed request as the client sees it: an HTTP status and a problem body's kind, message and field.
///
/// Every error leaves the server as an RFC 9457 problem (`ErrorBody`): the kind is the
/// `ErrorKind` (so a client knows what failed), the message (the problem's `detail`) is written
/// for an HTTP client, and `field` names the request field to fix when one is to blame. A
/// feature's error may add `code` (a stable name for the failure) and `failure` (the typed error
/// as JSON), so a client of the same feature turns the answer back into the error it would have
/// thrown itself.
public struct APIError: Error, Sendable, Equatable {
    /// The status to answer with.
    public let status: HTTPResponse.Status
    /// What kind of failure this is.
    public let kind: ErrorKind
    /// One line for the client's developer.
    public let message: String
    /// The request field to fix, such as `customer`; `nil` when no field is to blame.
    public let field: String?
    /// A machine-readable name of the failure, such as `emptyCustomer`; `nil` for generic errors.
    public let code: String?
    /// The feature's error as JSON, for clients that decode it back into a typed error.
    public let failure: JSONValue?
    /// Every field to fix with its own line, in the request's order, when more than one is wrong
    /// (`message` then says them all and `field` names the first); empty otherwise.
    public let errors: [FieldError]
    /// Headers the response carries besides the content type, such as 405's `Allow`.
    public let headers: HTTPFields

    /// Creates an error with an explicit status.
    public init(
        _ status: HTTPResponse.Status, _ kind: ErrorKind, _ message: String, field: String? = nil, code: String? = nil,
        failure: JSONValue? = nil, errors: [FieldError] = [], headers: HTTPFields = [:]
    ) {
        self.status = status
        self.kind = kind
        self.message = Self.oneLine(message)
        self.field = field.map { Self.cut($0) }
        self.code = code
        self.failure = failure
        self.errors = errors.map { FieldError(field: $0.field.map { Self.cut($0) }, detail: Self.oneLine($0.detail)) }
        self.headers = headers
    }

    /// Several errors as one: every message in order, the first one's field, each in `errors`.
    public init(_ kind: ErrorKind, combining parts: [APIError]) {
        self.init(
            Self.status(for: kind), kind, parts.map(\.message).joined(separator: "; "), field: parts.first?.field,
            errors: parts.map { FieldError(field: $0.field, detail: $0.message) })
    }

    /// One field to fix and what is wrong with it, as one entry of a problem's `errors`.
    public struct FieldError: Codable, Sendable, Equatable {
        /// The request field to fix; `nil` when the request as a whole is to blame.
        public let field: String?
        /// One line for the client's developer.
        public let detail: String

        /// Creates an entry.
        public init(field: String?, detail: String) {
            self.field = field
            self.detail = detail
        }
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Creates an error with the status its kind maps to.
    public init(
        _ kind: ErrorKind, _ message: String, field: String? = nil, code: String? = nil, failure: JSONValue? = nil
    ) {
        self.init(Self.status(for: kind), kind, message, field: field, code: code, failure: failure)
    }

    /// This error carrying `error` as its `failure`, and the case's name as its `code`.
    ///
    /// `error` is encoded the way Swift encodes an enum with associated values: an object with
    /// one key, the case's name, which becomes the code. An error that does not encode so keeps no code.
    /// Strings in `failure` are cut like every quote of client input, so a huge value is never sent back.
    public func carrying(_ error: some Encodable) -> APIError {
        let failure = (try? JSONValue(encoding: error))?.cuttingStrings(to: Self.quoteLimit)
        let code: String? =
            if case .object(let members)? = failure, members.count == 1 { members.keys.first } else { nil }
        return APIError(
            status, kind, message, field: field, code: code, failure: failure, errors: errors, headers: headers)
    }

    /// The most characters of a client's input an error repeats (in its message, field or failure).
    public static let quoteLimit = 100

    /// `text` cut to `quoteLimit` characters, an ellipsis marking the cut.
    public static func cut(_ text: String) -> String {
        text.count > quoteLimit ? String(text.prefix(quoteLimit)) + "…" : text
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

/// The body of every error response: an RFC 9457 problem (`application/problem+json`).
///
/// `type` is `urn:strata:problem:<kind>`, `title` the status's reason phrase, `status` the HTTP
/// status, `detail` the one-line message; the extension members `kind`, `field`, `code` and
/// `errors` repeat the error's, and `failure` carries the feature's error as JSON, which a client of the same
/// feature (`RemoteOrderRepository`) decodes back into the error it would have thrown itself.
public struct ErrorBody: Codable, Sendable, Equatable {
    /// A URI naming the problem's type: `urn:strata:problem:<kind>`.
    public let type: String
    /// The status's reason phrase, such as `Unprocessable Content`.
    public let title: String
    /// The HTTP status code.
    public let status: Int
    /// The one-line message, for the client's developer.
    public let detail: String
    /// Extension member: the `ErrorKind`.
    public let kind: ErrorKind
    /// Extension member: the request field to fix, when there is one.
    public let field: String?
    /// Extension member: the failure's machine-readable name, when the feature gives one.
    public let code: String?
    /// Extension member: the feature's error as JSON (Swift's `Codable` form of the case), when the feature gives it.
    public let failure: JSONValue?
    /// Extension member: each field to fix and its line, when more than one is wrong.
    public let errors: [APIError.FieldError]?

    /// The body for `error`.
    public init(_ error: APIError) {
        type = "urn:strata:problem:\(error.kind.rawValue)"
        title = error.status.reasonPhrase
        status = error.status.code
        detail = error.message
        kind = error.kind
        field = error.field
        code = error.code
        failure = error.failure
        errors = error.errors.isEmpty ? nil : error.errors
    }
}
