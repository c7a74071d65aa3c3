import Core

/// Every way the coffee feature fails, with the data the edge needs to word it.
///
/// The app writes one line naming the flag or command to use; the server writes JSON naming
/// the request field. `Codable` so an error crosses the HTTP edge as itself: the server sends
/// it in its error body and `RemoteOrderRepository` turns it back into the same case, so a
/// remote run prints what a local one would. Every associated value is labelled, so that
/// JSON reads as field names, not positions.
public enum CoffeeError: DomainError, Equatable, Codable {
    // MARK: The order's rules

    /// The customer name is empty once trimmed.
    case emptyCustomer
    /// The customer name is longer than the rule allows.
    case customerTooLong(length: Int, limit: Int)
    /// The customer name holds a line break or another control character.
    case customerNotOneLine
    /// No coffee was named.
    case missingCoffee
    /// The coffee is not on the menu, which lists these coffees.
    case notOnMenu(coffee: String, menu: [String])
    /// No size was named.
    case missingSize
    /// The text names no size.
    case unknownSize(size: String)
    /// More than one of the rules above is broken: each problem, in the order form's order (name,
    /// coffee, size). An order with a single problem throws that problem itself.
    case invalidOrder(problems: [CoffeeError])

    // MARK: Reading queries

    /// The text names no order status.
    case unknownStatus(status: String)
    /// The text names no way to sort.
    case unknownSort(sort: String)
    /// The text is not a `YYYY-MM-DD` day that exists.
    case notADate(text: String)
    /// The query parameter's value is not an ISO 8601 time.
    case notATime(text: String, parameter: String)
    /// A query parameter that orders cannot be filtered by.
    case unknownParameter(name: String)
    /// A filter's value holds a control character (such as NUL), which no stored text holds and no store can compare.
    case controlCharacter(parameter: String)
    /// The text is not a cursor a page of orders ended at (see `OrderCursor`).
    case notACursor(text: String)
    /// The page size is not a whole number from 1 to `maximum`.
    case notAPageSize(text: String, maximum: Int)

    // MARK: Finding orders

    /// The text cannot start an order id.
    case notAnOrderID(text: String)
    /// The id prefix names several orders (their full ids).
    case ambiguousID(prefix: String, matches: [String])
    /// No order has this id or id prefix.
    case orderNotFound(id: String)

    // MARK: Changing orders

    /// The status rules forbid moving the order (its short id) from one status to the other.
    case forbiddenMove(order: String, from: OrderStatus, to: OrderStatus)
    /// The order (its short id) is in a final status and has no next one.
    case orderIsFinal(order: String, status: OrderStatus)
    /// An order with this id is already stored.
    case duplicateOrder(order: String)

    // MARK: Idempotent placing and staff tokens

    /// The `Idempotency-Key` is not 1 to 255 printable ASCII characters (the text, cut).
    case notAnIdempotencyKey(text: String)
    /// The key was used before for a different request (method, path or body).
    case idempotencyKeyReused(key: String)
    /// A request with this key is still being processed; retry once it has been answered.
    case idempotencyKeyInFlight(key: String)
    /// The route needs a token and none was sent, or it is unknown or revoked.
    case unauthorized(reason: AuthorizationFailure)
    /// The token is valid but its role does not allow this route; the role it has and the roles that would do.
    case forbidden(role: TokenRole, allowed: [TokenRole])
    /// A token name is empty, too long or not one line of visible text.
    case notATokenName(text: String)
    /// A token with this name exists already.
    case duplicateTokenName(name: String)
    /// No token has this name (or it was revoked already).
    case tokenNotFound(name: String)

    // MARK: Data from outside

    /// A stored order that cannot be read back (the id as stored).
    case unreadableOrder(id: String)
    /// The text is not an http(s) URL with a host.
    case notAServerURL(url: String)
    /// The text is not a `postgres://` URL with a user and a host (the text without its password).
    case notADatabaseURL(url: String)
    /// The server answered an error status without an orders server's error body.
    case notAnOrdersServer(request: String, status: Int)
    /// The server answered something other than what the orders API sends.
    case unexpectedAnswer(request: String)
    /// The orders server failed in a way it has no case for (its storage, a bug); its own kind and message.
    case serverFailed(kind: ErrorKind, message: String)

    // MARK: Serving

    /// A feature built on a remote server has no database to serve.
    case remoteCannotServe
    /// The server could not listen on the address.
    case cannotListen(host: String, port: Int, reason: String)
    /// Another program already listens on the port.
    case portInUse(host: String, port: Int)

    /// The kind of each case: it picks the exit code and the HTTP status.
    public var kind: ErrorKind {
        switch self {
        case .emptyCustomer, .customerTooLong, .customerNotOneLine, .missingCoffee, .notOnMenu, .missingSize,
            .unknownSize, .invalidOrder,
            .unknownStatus, .unknownSort, .notADate, .notATime, .unknownParameter, .idempotencyKeyReused,
            .notATokenName, .notACursor, .notAPageSize:
            .validation
        case .notAnOrderID, .ambiguousID, .notAServerURL, .notADatabaseURL, .remoteCannotServe, .cannotListen,
            .portInUse, .notAnIdempotencyKey, .unauthorized, .forbidden, .controlCharacter:
            .usage
        case .orderNotFound, .tokenNotFound: .notFound
        case .forbiddenMove, .orderIsFinal, .duplicateOrder, .idempotencyKeyInFlight, .duplicateTokenName: .conflict
        case .unreadableOrder, .unexpectedAnswer: .badData
        case .notAnOrdersServer: .remote
        case .serverFailed(let kind, _): kind
        }
    }
}
