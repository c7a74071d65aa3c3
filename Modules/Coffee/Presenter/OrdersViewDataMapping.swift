import CoffeeEntity
import Foundation

/// Turns entities into view data: money through `Money`, times as calendar fields in one time zone.
struct OrdersViewDataMapping: Sendable {
    /// Made once: a calendar is costly to create, and a list maps many rows.
    private let calendar: Calendar

    init(timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    func row(_ order: Order) -> OrderRowViewData {
        OrderRowViewData(
            id: order.idString, shortID: order.shortID, customer: order.customer, coffee: order.coffee,
            size: order.size, status: order.status, total: Money.format(cents: order.totalCents),
            totalCents: order.totalCents, placed: time(order.createdAt, seconds: false),
            placedAt: order.createdAt.formatted(.iso8601))
    }

    func list(_ orders: [Order], next: OrderCursor? = nil) -> OrderListViewData {
        OrderListViewData(
            orders: orders.map(row), count: orders.count,
            total: Money.format(cents: orders.reduce(0) { $0 + $1.totalCents }), next: next?.text)
    }

    func detail(_ order: Order, change: OrderChange?) -> OrderDetailViewData {
        OrderDetailViewData(
            order: row(order), updated: time(order.updatedAt, seconds: true), action: change,
            nextStatus: order.status.next, cancellable: order.status.isCancellable)
    }

    func menu(_ menu: Menu) -> MenuViewData {
        MenuViewData(
            items: menu.items.map { item in
                MenuRowViewData(
                    coffee: item.name, small: Money.format(cents: item.prices.small),
                    medium: Money.format(cents: item.prices.medium), large: Money.format(cents: item.prices.large))
            })
    }

    func report(_ report: DailyReport) -> ReportViewData {
        ReportViewData(
            date: report.day.description,
            lines: report.lines.map { line in
                ReportLineViewData(
                    coffee: line.coffee, size: line.size, count: line.count,
                    revenue: Money.format(cents: line.revenueCents), revenueCents: line.revenueCents)
            },
            totalCount: report.totalCount, totalRevenue: Money.format(cents: report.totalRevenueCents),
            totalRevenueCents: report.totalRevenueCents)
    }

    func token(_ token: APIToken) -> TokenRowViewData {
        TokenRowViewData(
            name: token.name, role: token.role, created: time(token.createdAt, seconds: true),
            createdAt: token.createdAt)
    }

    /// `YYYY-MM-DD HH:MM[:SS]` from calendar fields, so no locale changes the digits or their order.
    func time(_ date: Date, seconds: Bool) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        let day = "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
        return seconds ? day + ":" + two(parts.second) : day
    }
}
