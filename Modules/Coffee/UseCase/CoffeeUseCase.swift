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
    private let clock: WallClock
    private let ids: UUIDGenerator
    private let timeZone: TimeZone

    /// Creates the use cases; the report's days run midnight to midnight in `timeZone`.
    public init(
        repository: any OrderRepository, clock: WallClock = .live, ids: UUIDGenerator = .live,
        timeZone: TimeZone = .current
    ) {
        self.repository = repository
        self.clock = clock
        self.ids = ids
        self.timeZone = timeZone
    }

    /// What the shop sells.
    public func menu() async throws -> Menu {
        try await repository.menu()
    }

    /// Places an order for `customer`, checked against the rules and priced from the menu, then stores it.
    public func place(customer: String, coffee: String, size: String) async throws -> Order {
        let order = try Order.place(
            id: ids(), customer: customer, coffee: coffee, size: size, menu: try await repository.menu(),
            at: clock.now())
        return try await repository.add(order)
    }

    /// The orders that match `query`, in its order.
    public func list(_ query: OrderQuery) async throws -> [Order] {
        try await repository.list(query)
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

    /// A number that changes whenever any order changes, anywhere; `nil` when unknown.
    ///
    /// A result kept with the revision read before it stays valid while the revision is the same.
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
        if prefix.count == 36, let uuid = UUID(uuidString: prefix) {
            return try await repository.get(Order.ID(uuid))
        }
        let matches = try await repository.list(OrderQuery(idPrefix: prefix))
        switch matches.count {
        case 0: throw CoffeeError.orderNotFound(id: prefix)
        case 1: return matches[0]
        default: throw CoffeeError.ambiguousID(prefix: prefix, matches: matches.map(\.idString))
        }
    }
}
