import CoffeeEntity
import Foundation

/// One order as a row of a list: every field already text, plus the raw cents for scripts.
public struct OrderRowViewData: Sendable, Equatable, Encodable {
    /// The full id.
    public let id: String
    /// The first 8 characters of the id, which `show`, `advance` and the others accept.
    public let shortID: String
    /// Who it is for.
    public let customer: String
    /// The coffee.
    public let coffee: String
    /// The size.
    public let size: String
    /// The status.
    public let status: String
    /// The total as money, such as `$4.50`.
    public let total: String
    /// The total in cents.
    public let totalCents: Int
    /// When it was placed, `YYYY-MM-DD HH:MM` in the presenter's time zone.
    public let placed: String
}

/// A list of orders, with a line saying what it holds.
public struct OrderListViewData: Sendable, Equatable, Encodable {
    /// The rows, in the order asked for.
    public let orders: [OrderRowViewData]
    /// How many orders there are.
    public let count: Int
    /// What they add up to, as money.
    public let total: String
    /// A line for an empty list, saying how to add an order; `nil` when there are orders.
    public let emptyMessage: String?
}

/// One order in full, with what can happen to it next.
public struct OrderDetailViewData: Sendable, Equatable, Encodable {
    /// The order's fields.
    public let order: OrderRowViewData
    /// When it last changed, `YYYY-MM-DD HH:MM:SS`.
    public let updated: String
    /// What was just done to it, such as `placed` or `advanced to ready`; `nil` for a plain show.
    public let action: String?
    /// The status `advance` would move it to, or `nil` when it is final.
    public let nextStatus: String?
    /// Whether `cancel` is still allowed.
    public let cancellable: Bool
}

/// One coffee on the menu with its three prices.
public struct MenuRowViewData: Sendable, Equatable, Encodable {
    /// The coffee.
    public let coffee: String
    /// The small price, as money.
    public let small: String
    /// The medium price, as money.
    public let medium: String
    /// The large price, as money.
    public let large: String
}

/// The menu, in menu order.
public struct MenuViewData: Sendable, Equatable, Encodable {
    /// The coffees.
    public let items: [MenuRowViewData]
}

/// One coffee and size in a day's report.
public struct ReportLineViewData: Sendable, Equatable, Encodable {
    /// The coffee.
    public let coffee: String
    /// The size.
    public let size: String
    /// Cups sold.
    public let count: Int
    /// Revenue, as money.
    public let revenue: String
    /// Revenue in cents.
    public let revenueCents: Int
}

/// A day's sales.
public struct ReportViewData: Sendable, Equatable, Encodable {
    /// The day, `YYYY-MM-DD`.
    public let date: String
    /// One line per coffee and size.
    public let lines: [ReportLineViewData]
    /// Cups sold in all.
    public let totalCount: Int
    /// Revenue in all, as money.
    public let totalRevenue: String
    /// Revenue in all, in cents.
    public let totalRevenueCents: Int
}
