import CoffeeEntity
import Core
import Foundation
import Synchronization

/// Orders in memory, for tests and throwaway runs; safe to share between tasks.
public final class InMemoryOrderRepository: OrderRepository {
    private struct State {
        var orders: [Order.ID: Order]
        /// Counts the changes, as the revision.
        var changes: Int64 = 0
        /// The fingerprint of the request that placed each keyed order.
        var fingerprints: [Order.ID: String] = [:]
        /// The order each idempotency key placed, by `IdempotentRequest.keyDigest`.
        var keys: [String: Order.ID] = [:]
        /// API tokens by the SHA-256 of the token.
        var tokens: [String: APIToken] = [:]
    }

    private let state: Mutex<State>
    private let storedMenu: Menu

    /// Creates a repository holding `orders` and `tokens` (by the SHA-256 of each token), selling from `menu`.
    public init(menu: Menu = .standard, orders: [Order] = [], tokens: [String: APIToken] = [:]) {
        storedMenu = menu
        state = Mutex(
            State(
                orders: Dictionary(orders.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last }), tokens: tokens))
    }

    /// What the shop sells.
    public func menu() async throws -> Menu { storedMenu }

    /// The matching orders, sorted.
    public func list(_ query: OrderQuery) async throws -> [Order] {
        query.apply(to: state.withLock { Array($0.orders.values) })
    }

    /// The order with `id`.
    public func get(_ id: Order.ID) async throws -> Order {
        guard let order = state.withLock({ $0.orders[id] }) else { throw CoffeeError.orderNotFound(id: Self.key(id)) }
        return order
    }

    /// Stores a new order.
    public func add(_ order: Order) async throws -> Order {
        try state.withLock { state in
            guard state.orders[order.id] == nil else { throw CoffeeError.duplicateOrder(order: order.shortID) }
            state.orders[order.id] = order
            state.changes += 1
        }
        return order
    }

    /// Reads the key's order and stores it when there is none, under the lock: one step, as a transaction.
    public func add(_ order: Order, idempotency: IdempotentRequest) async throws -> Order {
        try state.withLock { state in
            if let id = state.keys[idempotency.keyDigest], let stored = state.orders[id] {
                return try idempotency.replay(stored, fingerprint: state.fingerprints[id])
            }
            guard state.orders[order.id] == nil else { throw CoffeeError.duplicateOrder(order: order.shortID) }
            state.orders[order.id] = order
            state.fingerprints[order.id] = idempotency.fingerprint
            state.keys[idempotency.keyDigest] = order.id
            state.changes += 1
            return order
        }
    }

    /// Checks and moves the status under the lock, so two callers cannot both advance from the same status.
    public func update(_ id: Order.ID, status: OrderStatus, at date: Date) async throws -> Order {
        try state.withLock { state in
            guard let order = state.orders[id] else { throw CoffeeError.orderNotFound(id: Self.key(id)) }
            let moved = try order.moving(to: status, at: date)
            state.orders[id] = moved
            state.changes += 1
            return moved
        }
    }

    /// Removes the order.
    public func delete(_ id: Order.ID) async throws -> Order {
        try state.withLock { state in
            guard let order = state.orders.removeValue(forKey: id) else {
                throw CoffeeError.orderNotFound(id: Self.key(id))
            }
            state.fingerprints[id] = nil
            state.keys = state.keys.filter { $0.value != id }
            state.changes += 1
            return order
        }
    }

    /// Always ready: the orders are in this process's memory.
    public func ready() async throws {}

    /// The number of changes made so far.
    public func revision() async throws -> Int64? { state.withLock { $0.changes } }

    private static func key(_ id: Order.ID) -> String { id.rawValue.uuidString.lowercased() }
}

extension InMemoryOrderRepository: TokenRepository {
    /// Stores the token's record.
    public func addToken(_ token: APIToken, hash: String) async throws {
        try state.withLock { state in
            guard !state.tokens.values.contains(where: { $0.name == token.name }), state.tokens[hash] == nil else {
                throw CoffeeError.duplicateTokenName(name: token.name)
            }
            state.tokens[hash] = token
            state.changes += 1
        }
    }

    /// Every token, oldest first.
    public func tokens() async throws -> [APIToken] {
        state.withLock { state in
            state.tokens.values.sorted { ($0.createdAt, $0.name) < ($1.createdAt, $1.name) }
        }
    }

    /// The token with this hash.
    public func token(hash: String) async throws -> APIToken? {
        state.withLock { $0.tokens[hash] }
    }

    /// Removes the named token.
    public func revokeToken(named name: String) async throws -> APIToken {
        try state.withLock { state in
            guard let entry = state.tokens.first(where: { $0.value.name == name }) else {
                throw CoffeeError.tokenNotFound(name: name)
            }
            state.tokens[entry.key] = nil
            state.changes += 1
            return entry.value
        }
    }
}
