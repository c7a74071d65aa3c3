import Core
import Foundation

/// One coffee order: who it is for, what they get, what it costs and where it is.
///
/// An order is made only by `place(…)`, which applies the shop's rules, and changes only
/// through `moving(to:at:)`, which lets the status go forward one step or be cancelled in time.
public struct Order: Sendable, Equatable, Identifiable {
    /// An order's id: a UUID that cannot be mixed up with another feature's ids.
    public typealias ID = Identifier<Order, UUID>

    /// The order's id.
    public let id: ID
    /// Who the order is for, trimmed, 1 to 60 characters.
    public let customer: String
    /// The coffee, as the menu names it.
    public let coffee: String
    /// The cup size.
    public let size: Size
    /// What the order costs, in integer cents, taken from the menu.
    public let totalCents: Int
    /// Where the order is.
    public private(set) var status: OrderStatus
    /// When it was placed (whole milliseconds).
    public let createdAt: Date
    /// When its status last changed (whole milliseconds).
    public private(set) var updatedAt: Date

    /// Rebuilds a stored order as it was saved; new orders come from `place(…)`.
    public init(
        id: ID, customer: String, coffee: String, size: Size, totalCents: Int,
        status: OrderStatus, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.customer = customer
        self.coffee = coffee
        self.size = size
        self.totalCents = totalCents
        self.status = status
        self.createdAt = createdAt.wholeMilliseconds
        self.updatedAt = updatedAt.wholeMilliseconds
    }

    /// A new order, checked against the rules and priced from `menu`.
    ///
    /// Every field is checked, so a form can show each problem at once.
    ///
    /// - Throws: `CoffeeError` for a bad name, an unknown coffee or size; `.invalidOrder` listing
    ///   them, in that order, when more than one is wrong.
    public static func place(
        id: UUID, customer: String, coffee: String, size: String, menu: Menu, at date: Date
    ) throws -> Order {
        var problems: [CoffeeError] = []
        let name = checked(&problems) { () throws(CoffeeError) in try CustomerName.validate(customer) }
        let item = checked(&problems) { () throws(CoffeeError) in try menu.item(named: coffee) }
        let size = checked(&problems) { () throws(CoffeeError) in try Size(parsing: size) }
        guard let name, let item, let size else {
            throw problems.count == 1 ? problems[0] : CoffeeError.invalidOrder(problems: problems)
        }
        let now = date.truncatedToMilliseconds
        return Order(
            id: ID(id), customer: name, coffee: item.name, size: size, totalCents: item.prices[size],
            status: .placed, createdAt: now, updatedAt: now)
    }

    /// What `rule` returns, or `nil` with its `CoffeeError` added to `problems`.
    private static func checked<Value>(_ problems: inout [CoffeeError], _ rule: () throws(CoffeeError) -> Value)
        -> Value?
    {
        do { return try rule() } catch {
            problems.append(error)
            return nil
        }
    }

    /// This order with its status moved to `target` at `date`.
    ///
    /// - Throws: `CoffeeError.forbiddenMove` when the rules forbid the change.
    public func moving(to target: OrderStatus, at date: Date) throws -> Order {
        guard status.allows(target) else { throw CoffeeError.forbiddenMove(order: shortID, from: status, to: target) }
        var moved = self
        moved.status = target
        moved.updatedAt = max(date.truncatedToMilliseconds, createdAt)
        return moved
    }

    /// The next status `advance` moves this order to.
    ///
    /// - Throws: `CoffeeError.orderIsFinal` when the order is already completed or cancelled.
    public func nextStatus() throws -> OrderStatus {
        guard let next = status.next else { throw CoffeeError.orderIsFinal(order: shortID, status: status) }
        return next
    }

    /// The first 8 characters of the id: enough to tell orders apart in a list, and a valid prefix.
    public var shortID: String { String(id.rawValue.uuidString.lowercased().prefix(8)) }

    /// The id as lower-case text, the form every output uses.
    public var idString: String { id.rawValue.uuidString.lowercased() }
}

/// The customer-name rule: trimmed, 1 to 60 characters, on one line.
public enum CustomerName {
    /// The longest name, in characters.
    public static let maxLength = 60

    /// The trimmed name.
    ///
    /// - Throws: `CoffeeError.emptyCustomer`, `.customerTooLong` or `.customerNotOneLine`.
    public static func validate(_ name: String) throws(CoffeeError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CoffeeError.emptyCustomer }
        guard trimmed.count <= maxLength else {
            throw CoffeeError.customerTooLong(length: trimmed.count, limit: maxLength)
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw CoffeeError.customerNotOneLine
        }
        return trimmed
    }
}
