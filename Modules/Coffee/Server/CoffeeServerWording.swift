import CoffeeEntity
import Core
import HTTPServer

/// The words of the orders API: each `CoffeeError` as a JSON error naming the request field to fix.
///
/// An HTTP client has no flags and no commands, so these lines name fields and routes; the
/// error itself travels along (`APIError.carrying`), so `coffee --server` words it as a local run would.
enum CoffeeServerWording {
    /// The API error for `error`; `nil` for errors that are not the feature's (the middleware words those).
    static func apiError(for error: any DomainError) -> APIError? {
        guard let error = error as? CoffeeError else { return nil }
        return describe(error).carrying(error)
    }

    /// `GET /ready`'s 503: the storage did not answer (a client may retry later); the cause in
    /// the server's words, never the storage engine's.
    static func notReady(_ error: any Error) -> APIError {
        let reason: String =
            switch error {
            case let error as StorageError: StorageProblem.apiError(error).message
            case let error as any DomainError: "\(error.kind.rawValue) error"
            default: "unexpected error"
            }
        return APIError(
            .serviceUnavailable, .storage, "not ready: \(reason)",
            headers: [.retryAfter: String(StorageProblem.retryAfter)])
    }

    static func describe(_ error: CoffeeError) -> APIError {
        let kind = error.kind
        switch error {
        case .emptyCustomer:
            return APIError(
                kind,
                "the field 'customer' is empty; send the customer's name, 1 to \(CustomerName.maxLength) characters",
                field: "customer")
        case .customerTooLong(let length, let limit):
            return APIError(
                kind, "the field 'customer' has \(length) characters; send at most \(limit)", field: "customer")
        case .customerNotOneLine:
            return APIError(
                kind, "the field 'customer' contains a line break or control character; send plain text",
                field: "customer")
        case .missingCoffee:
            return APIError(
                kind, "the field 'coffee' is missing or empty; send a coffee from GET /menu", field: "coffee")
        case .notOnMenu(let coffee, let menu):
            return APIError(
                kind, "\(quoted(coffee)) is not on the menu; send one of \(menu.joined(separator: ", ")) (GET /menu)",
                field: "coffee")
        case .missingSize:
            return APIError(kind, "the field 'size' is missing or empty; send one of \(sizes)", field: "size")
        case .unknownSize(let size):
            return APIError(kind, "unknown size \(quoted(size)); send one of \(sizes)", field: "size")
        case .invalidOrder(let problems):
            return APIError(kind, combining: problems.map(describe))
        case .unknownStatus(let status):
            return APIError(kind, "unknown status \(quoted(status)); use one of \(statuses)", field: "status")
        case .unknownSort(let sort):
            return APIError(kind, "unknown sort \(quoted(sort)); use time or total", field: "sort")
        case .notADate(let text):
            return APIError(
                kind, "\(quoted(text)) is not a date; write it as YYYY-MM-DD, such as 2026-03-14", field: "date")
        case .notATime(let text, let parameter):
            return APIError(
                kind, "\(quoted(text)) is not a time for \(parameter); use ISO 8601, such as 2026-03-14T09:00:00Z",
                field: parameter)
        case .unknownParameter(let name):
            return APIError(
                kind, "unknown parameter \(quoted(name)); use status, customer, id, from, before, sort, after or limit",
                field: name)
        case .notACursor(let text):
            return APIError(
                kind, "\(quoted(text)) is not a cursor; send the `next` of the page before, as GET /orders answered it",
                field: "after")
        case .notAPageSize(let text, let maximum):
            return APIError(
                kind, "\(quoted(text)) is not a page size; send a whole number from 1 to \(maximum)", field: "limit")
        case .controlCharacter(let parameter):
            return APIError(
                kind,
                "the parameter \(quoted(parameter)) contains a control character (such as %00); send plain text",
                field: parameter)
        case .notAnOrderID(let text):
            return APIError(
                kind, "\(quoted(text)) is not an order id; use an id or the start of one, as GET /orders lists them",
                field: "id")
        case .ambiguousID(let prefix, let matches):
            // 409, not 400: the same prefix named one order before another order was placed (the
            // request is well formed; the stored orders make it ambiguous). schemathesis found it.
            return APIError(
                .conflict, kind,
                "the id \(quoted(prefix)) matches \(matches.count) orders; send more characters of the id",
                field: "id")
        case .orderNotFound(let id):
            return APIError(kind, "no order \(id); GET /orders lists the order ids", field: "id")
        case .forbiddenMove(let order, let from, let to):
            return APIError(kind, forbiddenMove(order, from: from, to: to), field: "status")
        case .orderIsFinal(let order, let status):
            return APIError(kind, "order \(order) is \(status.rawValue) and cannot move further", field: "status")
        case .duplicateOrder(let order):
            return APIError(kind, "order \(order) already exists")
        case .notAnIdempotencyKey:
            return APIError(
                kind,
                "the Idempotency-Key must be 1 to \(IdempotentRequest.maxKeyLength) printable ASCII characters in double quotes; send a new UUID, quoted",
                field: "Idempotency-Key")
        case .idempotencyKeyReused(let key):
            return APIError(
                .unprocessableContent, kind,
                "the Idempotency-Key \(quoted(key)) was used for a different request; send a new key for a new order",
                field: "Idempotency-Key")
        case .idempotencyKeyInFlight(let key):
            return APIError(
                kind, "a request with the Idempotency-Key \(quoted(key)) is still being processed; retry in a moment",
                field: "Idempotency-Key")
        case .unauthorized(let reason):
            let what = reason == .missing ? "this route needs a token" : "the token is not valid (wrong or revoked)"
            // The challenge of RFC 6750: which scheme to use, and whether the token sent was the problem.
            let challenge =
                reason == .missing ? #"Bearer realm="coffee""# : #"Bearer realm="coffee", error="invalid_token""#
            return APIError(
                .unauthorized, kind, "\(what); send Authorization: Bearer <token> (coffee token create makes one)",
                field: "Authorization", headers: [.wwwAuthenticate: challenge])
        case .forbidden(let role, let allowed):
            return APIError(
                .forbidden, kind,
                "a \(role.rawValue) token cannot do this; it needs a \(allowed.map(\.rawValue).joined(separator: " or ")) token",
                field: "Authorization")
        case .unreadableOrder(let id):
            // Bad data in the server's own database is the server's fault, not the request's.
            return APIError(
                .internalServerError, kind, "the server's database holds an order it cannot read (id \(id))")
        case .notAServerURL, .notADatabaseURL, .notAnOrdersServer, .unexpectedAnswer, .remoteCannotServe, .cannotListen,
            .portInUse, .notATokenName, .duplicateTokenName, .tokenNotFound:
            // Failures of a client or of starting a server: a request never causes them.
            return APIError(.internalServerError, .internal, "unexpected server error")
        case .serverFailed(_, let message):
            return APIError(kind, message)
        }
    }

    /// The same sentence the app prints: the status rules are the same for every client.
    static func forbiddenMove(_ order: String, from: OrderStatus, to: OrderStatus) -> String {
        if to == .cancelled {
            return "order \(order) is \(from.rawValue) and cannot be cancelled; only placed or preparing orders can"
        }
        if let next = from.next {
            return "order \(order) is \(from.rawValue); it can only move to \(next.rawValue)"
        }
        return "order \(order) is \(from.rawValue) and cannot move further"
    }

    private static let sizes = Size.allCases.map(\.rawValue).joined(separator: ", ")
    private static let statuses = OrderStatus.allCases.map(\.rawValue).joined(separator: ", ")

    /// Client input between quotes, cut so an error never repeats a huge value.
    private static func quoted(_ text: String) -> String {
        "'" + (text.count > 100 ? String(text.prefix(100)) + "…" : text) + "'"
    }
}

/// Why an `Idempotency-Key` field was refused before its key could be read: how many field lines
/// came and what they said, joined.
struct IdempotencyKeyFailure: Sendable {
    let lines: Int
    let value: String
}

extension CoffeeServerWording {
    /// 400 for an `Idempotency-Key` field that is not one structured-field string.
    static func notAnIdempotencyKeyField(_ failure: IdempotencyKeyFailure) -> APIError {
        let what =
            failure.lines > 1
            ? "the Idempotency-Key header was sent \(failure.lines) times; send it once"
            : "the Idempotency-Key header \(quoted(failure.value)) is not one quoted string"
        return APIError(
            .badRequest, .usage,
            what + #"; send one key as a structured-field string, such as "8e03978e-40d5-43e8-bc93-6894a57f9324""#
                + #" (in double quotes, with \" and \\ escaped)"#,
            field: "Idempotency-Key", code: failure.lines > 1 ? "severalIdempotencyKeys" : "idempotencyKeyNotAString")
    }
}
