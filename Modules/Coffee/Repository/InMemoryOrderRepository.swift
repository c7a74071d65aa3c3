import CoffeeEntity
import Core
import Foundation
import Synchronization

/// Orders in memory, for tests and throwaway runs; safe to share between tasks.
public final class InMemoryOrderRepository: OrderRepository {
    private let orders: Mutex<[Order.ID: Order]>
    private let changes = Mutex<Int64>(0)
    private let storedMenu: Menu

    /// Creates a repository holding `orders`, selling from `menu`.
    public init(menu: Menu = .standard, orders: [Order] = []) {
        storedMenu = menu
        self.orders = Mutex(Dictionary(orders.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last }))
    }

    /// What the shop sells.
    public func menu() async throws -> Menu { storedMenu }

    /// The matching orders, sorted.
    public func list(_ query: OrderQuery) async throws -> [Order] {
        query.apply(to: orders.withLock { Array($0.values) })
    }

    /// The order with `id`.
    public func get(_ id: Order.ID) async throws -> Order {
        guard let order = orders.withLock({ $0[id] }) else { throw MessageError.orderNotFound(id.description.lowercased()) }
        return order
    }

    /// Stores a new order.
    public func add(_ order: Order) async throws -> Order {
        try orders.withLock { stored in
            guard stored[order.id] == nil else { throw MessageError.conflict("order \(order.shortID) already exists") }
            stored[order.id] = order
        }
        changed()
        return order
    }

    /// Moves the status under the lock, so two callers cannot both advance from the same status.
    public func update(_ id: Order.ID, status: OrderStatus, at date: Date) async throws -> Order {
        defer { changed() }
        return try orders.withLock { stored in
            guard let order = stored[id] else { throw MessageError.orderNotFound(id.description.lowercased()) }
            let moved = try order.moving(to: status, at: date)
            stored[id] = moved
            return moved
        }
    }

    /// Removes the order.
    public func delete(_ id: Order.ID) async throws -> Order {
        defer { changed() }
        return try orders.withLock { stored in
            guard let order = stored.removeValue(forKey: id) else { throw MessageError.orderNotFound(id.description.lowercased()) }
            return order
        }
    }

    /// Counts the changes made so far (a failed change may count too, which only costs a cache miss).
    public func revision() async throws -> Int64? { changes.withLock { $0 } }

    private func changed() { changes.withLock { $0 += 1 } }
}
