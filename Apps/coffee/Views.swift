import CoffeePresenter
import TerminalUI

/// The table form of each view: only layout and colour, every value is already text.
enum Views {
    static func menu(_ menu: MenuViewData, style: Style) -> String {
        var table = Table(columns: [
            .init("COFFEE"), .init("SMALL", alignment: .trailing), .init("MEDIUM", alignment: .trailing),
            .init("LARGE", alignment: .trailing),
        ])
        for item in menu.items { table.append([item.coffee, item.small, item.medium, item.large]) }
        return table.render(style: style)
    }

    static func list(_ list: OrderListViewData, style: Style) -> String {
        if let empty = list.emptyMessage { return empty }
        var table = Table(columns: [
            .init("ID"), .init("CUSTOMER", maxWidth: 24), .init("COFFEE"), .init("SIZE"), .init("STATUS"),
            .init("TOTAL", alignment: .trailing), .init("PLACED"),
        ])
        for row in list.orders {
            table.append([
                style.cyan(row.shortID), row.customer, row.coffee, row.size, status(row.status, style), row.total, row.placed,
            ])
        }
        let noun = list.count == 1 ? "order" : "orders"
        return table.render(style: style) + "\n" + style.dim("\(list.count) \(noun), \(list.total)")
    }

    static func detail(_ detail: OrderDetailViewData, style: Style) -> String {
        let order = detail.order
        var next: [String] = []
        if let status = detail.nextStatus { next.append("next: \(status)") }
        if detail.cancellable { next.append("can be cancelled") }
        let lines: [(String, String)] = [
            ("id", style.cyan(order.id)),
            ("customer", order.customer),
            ("coffee", "\(order.coffee) (\(order.size))"),
            ("total", order.total),
            ("status", status(order.status, style) + (next.isEmpty ? "" : style.dim(" (\(next.joined(separator: "; ")))"))),
            ("placed", order.placed),
            ("updated", detail.updated),
        ]
        let body = lines.map { DisplayWidth.pad($0.0, to: 10) + $0.1 }.joined(separator: "\n")
        guard let action = detail.action else { return body }
        return style.green("order \(order.shortID) \(action)") + "\n" + body
    }

    static func report(_ report: ReportViewData, style: Style) -> String {
        guard !report.lines.isEmpty else { return "no orders on \(report.date)" }
        var table = Table(columns: [
            .init("COFFEE"), .init("SIZE"), .init("COUNT", alignment: .trailing), .init("REVENUE", alignment: .trailing),
        ])
        for line in report.lines { table.append([line.coffee, line.size, String(line.count), line.revenue]) }
        table.append([style.bold("total"), "", style.bold(String(report.totalCount)), style.bold(report.totalRevenue)])
        return style.bold("report for \(report.date)") + "\n" + table.render(style: style)
    }

    private static func status(_ status: String, _ style: Style) -> String {
        switch status {
        case "ready": style.green(status)
        case "preparing": style.yellow(status)
        case "cancelled": style.red(status)
        case "completed": style.dim(status)
        default: status
        }
    }
}
