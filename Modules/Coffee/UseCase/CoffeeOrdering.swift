import CoffeeEntity
import Core
import Foundation

/// What a person can do with coffee orders: the contract the presenter and the server are written against.
///
/// Ids are text: a full id or any unique start of one. `CoffeeUseCase` is the implementation;
/// tests of the layers above may stand in their own.
public protocol CoffeeOrdering: Sendable {
    /// What the shop sells.
    func menu() async throws -> Menu
    /// Places an order for `customer`, priced from the menu.
    func place(customer: String, coffee: String, size: String) async throws -> Order
    /// The orders that match `query`, in its order.
    func list(_ query: OrderQuery) async throws -> [Order]
    /// The order an id or unique id prefix names.
    func show(_ id: String) async throws -> Order
    /// Moves the order one step forward: placed, preparing, ready, completed.
    func advance(_ id: String) async throws -> Order
    /// Cancels an order that is placed or preparing.
    func cancel(_ id: String) async throws -> Order
    /// Moves the order to `status`, if the rules allow that step.
    func changeStatus(_ id: String, to status: OrderStatus) async throws -> Order
    /// Removes the order, whatever its status, and returns it as it was.
    func delete(_ id: String) async throws -> Order
    /// Cups and revenue per coffee and size on `day` (today when `nil`).
    func report(day: Day?) async throws -> DailyReport
    /// A number that changes whenever any order changes, anywhere; `nil` when unknown.
    /// A result kept with the revision read before it stays valid while the revision is the same.
    func revision() async throws -> Int64?
}
