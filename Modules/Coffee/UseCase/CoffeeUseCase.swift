import CoffeeEntity
import CoffeeRepository
import Core
import Foundation

/// The coffee use cases over one repository, with the clock, id source and time zone injected.
///
/// The same use cases run in the `coffee` app (on SQLite or on a remote server) and inside
/// `coffee serve`, so a rule is checked the same way wherever the order comes from.
public struct CoffeeUseCase: CoffeeOrdering {
    private let repository: any OrderRepository
    private let clock: WallClock
    private let ids: UUIDGenerator
    private let timeZone: TimeZone

    /// Creates the use cases.
    public init(repository: any OrderRepository, clock: WallClock = .live, ids: UUIDGenerator = .live, timeZone: TimeZone = .current) {
        self.repository = repository
        self.clock = clock
        self.ids = ids
        self.timeZone = timeZone
    }

    /// What the shop sells.
    public func menu() async throws -> Menu {
        try await repository.menu()
    }

    /// Checks the order against the rules and the menu, then stores it.
    public func place(customer: String, coffee: String, size: String) async throws -> Order {
        let order = try Order.place(
            id: ids(), customer: customer, coffee: coffee, size: size, menu: try await repository.menu(), at: clock.now())
        return try await repository.add(order)
    }

    /// The orders that match `query`.
    public func list(_ query: OrderQuery) async throws -> [Order] {
        try await repository.list(query)
    }

    /// The order `id` names.
    public func show(_ id: String) async throws -> Order {
        try await resolve(id)
    }

    /// Moves the order one step forward.
    public func advance(_ id: String) async throws -> Order {
        let order = try await resolve(id)
        return try await repository.update(order.id, status: try order.nextStatus(), at: clock.now())
    }

    /// Cancels the order.
    public func cancel(_ id: String) async throws -> Order {
        try await changeStatus(id, to: .cancelled)
    }

    /// Moves the order to `status`; the repository checks the rule again on the stored order, in its transaction.
    public func changeStatus(_ id: String, to status: OrderStatus) async throws -> Order {
        let order = try await resolve(id)
        return try await repository.update(order.id, status: status, at: clock.now())
    }

    /// Removes the order.
    public func delete(_ id: String) async throws -> Order {
        try await repository.delete(try await resolve(id).id)
    }

    /// Sums the day's orders by coffee and size; the day runs midnight to midnight in the injected time zone.
    public func report(day: Day?) async throws -> DailyReport {
        let day = day ?? Day(containing: clock.now(), in: timeZone)
        let interval = day.interval(in: timeZone)
        let orders = try await repository.list(OrderQuery(createdFrom: interval.start, createdBefore: interval.end))
        return DailyReport(day: day, orders: orders)
    }

    /// The repository's revision.
    public func revision() async throws -> Int64? {
        try await repository.revision()
    }

    /// The one order a full id or an id prefix names.
    ///
    /// - Throws: `MessageError.usage` for text that is no id or a prefix several orders share
    ///   (naming them), `MessageError.notFound` when none matches.
    func resolve(_ text: String) async throws -> Order {
        let prefix = try IDPrefix.validate(text)
        if prefix.count == 36, let uuid = UUID(uuidString: prefix) {
            return try await repository.get(Order.ID(uuid))
        }
        let matches = try await repository.list(OrderQuery(idPrefix: prefix))
        switch matches.count {
        case 0:
            throw MessageError.orderNotFound(prefix)
        case 1:
            return matches[0]
        default:
            let shown = matches.prefix(5).map { String($0.idString.prefix(max(8, prefix.count + 4))) }.joined(separator: ", ")
            let more = matches.count > 5 ? ", …" : ""
            throw MessageError.usage(
                "the id '\(prefix)' matches \(matches.count) orders (\(shown)\(more)); give more characters of the id")
        }
    }
}
