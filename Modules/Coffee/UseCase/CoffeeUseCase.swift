import CoffeeEntity
import CoffeeRepository
import Core
import Foundation

/// What a person can do with coffee orders, over one repository, with the clock, id source and time zone injected.
///
/// The same use cases run in the app (on SQLite or on a remote server) and inside
/// `CoffeeServer`, so a rule is checked the same way wherever the order comes from. Ids are
/// text: a full id or any unique start of one.
public struct CoffeeUseCase: Sendable {
    private let repository: any OrderRepository
    private let tokenStore: (any TokenRepository)?
    private let clock: WallClock
    private let ids: UUIDGenerator
    private let random: RandomSource
    private let timeZone: TimeZone

    /// Creates the use cases; the report's days run midnight to midnight in `timeZone`. `tokens`
    /// keeps the API tokens in the orders' own store, whose revision covers them (none for a
    /// remote repository: its server keeps them); `random` makes new tokens.
    public init(
        repository: any OrderRepository, tokens: (any TokenRepository)? = nil, clock: WallClock = .live,
        ids: UUIDGenerator = .live, random: RandomSource = .live, timeZone: TimeZone = .current
    ) {
        self.repository = repository
        self.tokenStore = tokens
        self.clock = clock
        self.ids = ids
        self.random = random
        self.timeZone = timeZone
    }

    /// What the shop sells.
    public func menu() async throws -> Menu {
        try await repository.menu()
    }

    /// Places an order for `customer`, checked against the rules and priced from the menu, then stores it.
    ///
    /// With `idempotency`, the order is placed once per key: a repeat of the same request gets the
    /// first order back, a different request under the same key is refused (see `IdempotentRequest`).
    public func place(
        customer: String, coffee: String, size: String, idempotency: IdempotentRequest? = nil
    ) async throws -> Order {
        // Every order gets a random id, keyed or not: the key is stored beside it (see `IdempotentRequest`).
        let order = try Order.place(
            id: ids(), customer: customer, coffee: coffee, size: size,
            menu: try await repository.menu(), at: clock.now())
        guard let idempotency else { return try await repository.add(order) }
        return try await repository.add(order, idempotency: idempotency)
    }

    // MARK: - API tokens

    /// Makes a token named `name` with `role`, stores its SHA-256 and returns the token: the only
    /// time it exists outside its holder's hands.
    ///
    /// The token is 32 bytes from `random` (256 bits) as 64 hexadecimal digits after `coffee_`.
    public func createToken(name: String, role: TokenRole) async throws -> (token: APIToken, secret: String) {
        let record = APIToken(name: try APIToken.validateName(name), role: role, createdAt: clock.now())
        let secret = "coffee_" + (0..<4).map { _ in Self.hex(random.next()) }.joined()
        try await tokens().addToken(record, hash: APIToken.hash(of: secret))
        return (record, secret)
    }

    /// Every live token (names, roles, creation times; never the tokens).
    public func listTokens() async throws -> [APIToken] {
        try await tokens().tokens()
    }

    /// Revokes the token named `name`: the next request with it gets 401.
    public func revokeToken(named name: String) async throws -> APIToken {
        try await tokens().revokeToken(named: name)
    }

    /// The token a request's bearer credential names.
    ///
    /// - Throws: `CoffeeError.unauthorized(.missing)` without one, `.unauthorized(.invalid)` for a
    ///   token that is not stored (wrong or revoked).
    public func authenticate(bearer: String?) async throws -> APIToken {
        guard let bearer, !bearer.isEmpty else { throw CoffeeError.unauthorized(reason: .missing) }
        guard let token = try await tokens().token(hash: APIToken.hash(of: bearer)) else {
            throw CoffeeError.unauthorized(reason: .invalid)
        }
        return token
    }

    private func tokens() throws -> any TokenRepository {
        // Only a remote feature has no token store, and its server answers token questions itself.
        guard let tokenStore else { throw CoffeeError.remoteCannotServe }
        return tokenStore
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The orders that match `query`, in its order.
    public func list(_ query: OrderQuery) async throws -> [Order] {
        try await repository.list(query)
    }

    /// One page of the orders that match `query`: at most its limit (`OrderQuery.defaultPage` when
    /// it names none), and the cursor the next page starts at when more match.
    ///
    /// One order more than the page is read to tell whether another page follows, so the last
    /// page never points at an empty one.
    public func page(_ query: OrderQuery) async throws -> OrderPage {
        let size = max(1, query.limit ?? OrderQuery.defaultPage)
        var probe = query
        probe.limit = size + 1
        let orders = try await repository.list(probe)
        guard orders.count > size else { return OrderPage(orders: orders, next: nil) }
        let shown = Array(orders.prefix(size))
        return OrderPage(orders: shown, next: shown.last.map(OrderCursor.init(after:)))
    }

    /// The orders still to serve (placed, preparing or ready), oldest first: what a board shows.
    ///
    /// One indexed query per open status, so the cost follows the open orders, not the history.
    public func openOrders() async throws -> [Order] {
        var open: [Order] = []
        for status in OrderStatus.allCases where !status.isFinal {
            open += try await repository.list(OrderQuery(status: status))
        }
        return open.sorted(by: OrderSort.time.orders)
    }

    /// The order an id or unique id prefix names.
    public func show(_ id: String) async throws -> Order {
        try await resolve(id)
    }

    /// Moves the order one step forward: placed, preparing, ready, completed.
    public func advance(_ id: String) async throws -> Order {
        let order = try await resolve(id)
        return try await repository.update(order.id, status: try order.nextStatus(), at: clock.now())
    }

    /// Cancels an order that is placed or preparing.
    public func cancel(_ id: String) async throws -> Order {
        try await changeStatus(id, to: .cancelled)
    }

    /// Moves the order to `status`; the repository checks the rule again on the stored order, in its transaction.
    public func changeStatus(_ id: String, to status: OrderStatus) async throws -> Order {
        let order = try await resolve(id)
        return try await repository.update(order.id, status: status, at: clock.now())
    }

    /// Removes the order, whatever its status, and returns it as it was.
    public func delete(_ id: String) async throws -> Order {
        try await repository.delete(try await resolve(id).id)
    }

    /// Cups and revenue per coffee and size on `day` (today when `nil`), in the injected time zone.
    public func report(day: Day?) async throws -> DailyReport {
        let day = day ?? Day(containing: clock.now(), in: timeZone)
        let interval = day.interval(in: timeZone)
        let orders = try await repository.list(OrderQuery(createdFrom: interval.start, createdBefore: interval.end))
        return DailyReport(day: day, orders: orders)
    }

    /// A number that changes whenever any order or token changes, anywhere; `nil` when unknown.
    ///
    /// A result kept with the revision read before it stays valid while the revision is the same:
    /// lists of orders, and the tokens requests authenticated with (tokens live in the orders' store).
    public func revision() async throws -> Int64? {
        try await repository.revision()
    }

    /// Returns once the orders' storage answers a cheap query.
    ///
    /// - Throws: the storage's error when it does not.
    public func ready() async throws {
        try await repository.ready()
    }

    /// The one order a full id or an id prefix names.
    ///
    /// - Throws: `CoffeeError.notAnOrderID` for text that is no id, `.ambiguousID` for a prefix several
    ///   orders share, `.orderNotFound` when none matches.
    func resolve(_ text: String) async throws -> Order {
        let prefix = try IDPrefix.validate(text)
        if let id = IDPrefix.fullID(prefix) { return try await repository.get(id) }
        let matches = try await repository.list(OrderQuery(idPrefix: prefix))
        switch matches.count {
        case 0: throw CoffeeError.orderNotFound(id: prefix)
        case 1: return matches[0]
        default: throw CoffeeError.ambiguousID(prefix: prefix, matches: matches.map(\.idString))
        }
    }
}
