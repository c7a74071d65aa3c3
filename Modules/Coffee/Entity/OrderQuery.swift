import Core
import Foundation

/// How a list of orders is ordered.
public enum OrderSort: String, Sendable, Codable, CaseIterable {
    /// Oldest first: the order they were placed in, the queue at the counter.
    case time
    /// Dearest first; equal totals oldest first.
    case total

    /// Reads `time` or `total`.
    ///
    /// - Throws: `CoffeeError.unknownSort`.
    public init(parsing text: String) throws {
        guard let sort = OrderSort(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw CoffeeError.unknownSort(sort: text)
        }
        self = sort
    }

    /// Whether `lhs` comes before `rhs` in this sort; ties fall back to time, then id, so lists are stable.
    public func orders(_ lhs: Order, before rhs: Order) -> Bool {
        places(OrderCursor(after: lhs), before: OrderCursor(after: rhs))
    }

    /// Whether the order at `lhs` comes before the one at `rhs` in this sort: what a page's cursor is compared by.
    public func places(_ lhs: OrderCursor, before rhs: OrderCursor) -> Bool {
        if self == .total, lhs.totalCents != rhs.totalCents { return lhs.totalCents > rhs.totalCents }
        if lhs.createdAt != rhs.createdAt { return lhs.createdAt < rhs.createdAt }
        return lhs.idString < rhs.idString
    }
}

/// Which orders to list and in what order: every repository answers the same query the same way.
public struct OrderQuery: Sendable, Equatable {
    /// Only orders with this status.
    public var status: OrderStatus?
    /// Only orders for this customer (the same name, ignoring case and surrounding spaces).
    public var customer: String?
    /// Only orders whose id starts with this (lower-case hex and dashes).
    public var idPrefix: String?
    /// Only orders placed at or after this time.
    public var createdFrom: Date?
    /// Only orders placed before this time.
    public var createdBefore: Date?
    /// The order of the result.
    public var sort: OrderSort
    /// Only orders after this position in `sort`: where the previous page ended.
    public var after: OrderCursor?
    /// At most this many orders, the first in `sort`; `nil` for every match.
    public var limit: Int?

    /// The most orders one page of `GET /orders` holds.
    public static let largestPage = 1000
    /// What a page holds when its request names no limit.
    public static let defaultPage = 100

    /// Creates a query; with no arguments it lists every order, oldest first.
    public init(
        status: OrderStatus? = nil, customer: String? = nil, idPrefix: String? = nil,
        createdFrom: Date? = nil, createdBefore: Date? = nil, sort: OrderSort = .time,
        after: OrderCursor? = nil, limit: Int? = nil
    ) {
        self.status = status
        self.customer = customer
        self.idPrefix = idPrefix
        self.createdFrom = createdFrom
        self.createdBefore = createdBefore
        self.sort = sort
        self.after = after
        self.limit = limit
    }

    /// The key customer names are compared by: trimmed and lower-cased.
    public static func customerKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Whether `order` passes every filter.
    public func matches(_ order: Order) -> Bool {
        if let status, order.status != status { return false }
        if let customer, Self.customerKey(order.customer) != Self.customerKey(customer) { return false }
        if let idPrefix, !order.idString.hasPrefix(idPrefix.lowercased()) { return false }
        if let createdFrom, order.createdAt < createdFrom { return false }
        if let createdBefore, order.createdAt >= createdBefore { return false }
        if let after, !sort.places(after, before: OrderCursor(after: order)) { return false }
        return true
    }

    /// The orders of `orders` that match, sorted, the first `limit` of them.
    public func apply(to orders: some Sequence<Order>) -> [Order] {
        let sorted = orders.filter(matches).sorted(by: sort.orders)
        guard let limit else { return sorted }
        return Array(sorted.prefix(limit))
    }
}

/// One page of a listing: its orders, and where the next page starts when there is one.
public struct OrderPage: Sendable, Equatable {
    /// The orders of the page, in the query's sort.
    public let orders: [Order]
    /// Where the next page starts; `nil` on the last page.
    public let next: OrderCursor?

    /// A page of `orders`, continued at `next`.
    public init(orders: [Order], next: OrderCursor?) {
        self.orders = orders
        self.next = next
    }
}
