import CoffeeEntity
import Core
import Foundation

/// Where orders and the menu are kept: the data access the MV seed's CoffeeStore did itself.
///
/// Three implementations answer every call the same way: `SQLiteOrderRepository` (a local
/// file), `RemoteOrderRepository` (an orders server over HTTP) and `InMemoryOrderRepository`
/// (tests). Every change happens in one transaction: it is all done, or nothing is. The
/// feature's failures are `CoffeeError` cases; storage failures arrive as `StorageError` and
/// network ones as `TransferError`, unwrapped, for the edge to word.
public protocol OrderRepository: Sendable {
    /// What the shop sells.
    func menu() async throws -> Menu

    /// The orders that match `query`, in its order.
    func list(_ query: OrderQuery) async throws -> [Order]

    /// The order with `id`.
    ///
    /// - Throws: `CoffeeError.orderNotFound` when there is none.
    func get(_ id: Order.ID) async throws -> Order

    /// Stores a new order and returns it as stored.
    ///
    /// - Throws: `CoffeeError.duplicateOrder` when its id is taken.
    func add(_ order: Order) async throws -> Order

    /// Moves the order's status to `status` at `date`, checking the rules on the stored order
    /// in the same transaction, and returns the changed order.
    ///
    /// - Throws: `CoffeeError.orderNotFound`, or `.forbiddenMove` for a change the rules forbid.
    func update(_ id: Order.ID, status: OrderStatus, at date: Date) async throws -> Order

    /// Removes the order and returns it as it was.
    ///
    /// - Throws: `CoffeeError.orderNotFound` when there is none.
    func delete(_ id: Order.ID) async throws -> Order

    /// A number that changes whenever the stored orders change, in this process or any other;
    /// `nil` when the repository cannot tell. Read it before the data it guards, so a result
    /// kept under one revision is never older than that revision.
    func revision() async throws -> Int64?

    /// Returns once the storage answers a cheap query (the readiness check of `GET /ready`).
    ///
    /// - Throws: the storage's error (`StorageError`, or `CoffeeError` for a remote server) when it does not.
    func ready() async throws
}
