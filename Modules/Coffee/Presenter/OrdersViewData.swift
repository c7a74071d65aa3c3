import CoffeeEntity
import Foundation

/// One order as a row of a list: money and times already formatted, plus the raw cents for scripts.
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
    public let size: Size
    /// The status.
    public let status: OrderStatus
    /// The total as money, such as `$4.50`.
    public let total: String
    /// The total in cents.
    public let totalCents: Int
    /// When it was placed, `YYYY-MM-DD HH:MM` in the presenter's time zone.
    public let placed: String
    /// When it was placed, as an ISO 8601 instant in UTC (for a page's script to count the wait).
    public let placedAt: String
}

/// A list of orders and what they add up to.
public struct OrderListViewData: Sendable, Equatable, Encodable {
    /// The rows, in the order asked for.
    public let orders: [OrderRowViewData]
    /// How many orders there are.
    public let count: Int
    /// What they add up to, as money.
    public let total: String
    /// Where the next page starts, when these are one page of more (`OrderCursor`'s text).
    public let next: String?
}

/// What was just done to an order.
public enum OrderChange: String, Sendable, Equatable, Encodable {
    /// It was placed.
    case placed
    /// It moved one status forward (the order's status says to which).
    case advanced
    /// It was cancelled.
    case cancelled
    /// It was deleted; the detail shows it as it was.
    case deleted
}

/// One order in full, with what can happen to it next.
public struct OrderDetailViewData: Sendable, Equatable, Encodable {
    /// The order's fields.
    public let order: OrderRowViewData
    /// When it last changed, `YYYY-MM-DD HH:MM:SS`.
    public let updated: String
    /// What was just done to it; `nil` for a plain show.
    public let action: OrderChange?
    /// The status `advance` would move it to, or `nil` when it is final.
    public let nextStatus: OrderStatus?
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
    public let size: Size
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
