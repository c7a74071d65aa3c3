import AppSupport
import CoffeeEntity
import CoffeePresenter
import Core
import TerminalUI

/// Prints a presenter's part in the format asked for.
enum Output {
    /// Prints the loaded value as text, plain records or JSON; a failed part throws its error for the reporter.
    static func show<Value: Encodable>(
        _ state: ViewState<Value>, as format: OutputFormat,
        text: (Value, TerminalEnvironment) -> String, plain: (Value) -> [[String]]
    ) throws {
        let value = try state.result()
        switch format {
        case .text: print(text(value, .live))
        case .plain:
            // Tab-separated, one record a line, nothing cut: values hold no tabs or line breaks
            // (names are checked to be one line; the rest is the shop's own text).
            let records = plain(value)
            if !records.isEmpty { print(records.map { $0.joined(separator: "\t") }.joined(separator: "\n")) }
        case .json: print(try JSONOutput.string(value))
        }
    }
}

/// How each view looks: its text for people and its plain records for scripts.
enum Views {
    static func menu(_ menu: MenuViewData, terminal: TerminalEnvironment) -> String {
        var table = Table(columns: [
            .init("COFFEE"), .init("SMALL", alignment: .trailing), .init("MEDIUM", alignment: .trailing),
            .init("LARGE", alignment: .trailing),
        ])
        for item in menu.items { table.append([item.coffee, item.small, item.medium, item.large]) }
        return table.render(style: Style(terminal))
    }

    static func menu(_ menu: MenuViewData) -> [[String]] {
        menu.items.map { [$0.coffee, $0.small, $0.medium, $0.large] }
    }

    static func list(_ list: OrderListViewData, terminal: TerminalEnvironment) -> String {
        guard !list.orders.isEmpty else {
            return "no orders; place one with `coffee order --name NAME --coffee COFFEE --size SIZE`"
        }
        let style = Style(terminal)
        var table = Table(columns: [
            .init("ID"), .init("CUSTOMER", maxWidth: customerWidth(list, terminal)), .init("COFFEE"), .init("SIZE"),
            .init("STATUS"), .init("TOTAL", alignment: .trailing), .init("PLACED"),
        ])
        for row in list.orders {
            table.append([
                style.cyan(row.shortID), row.customer, row.coffee, row.size.rawValue, status(row.status, style),
                row.total,
                row.placed,
            ])
        }
        let noun = list.count == 1 ? "order" : "orders"
        return table.render(style: style) + "\n" + style.dim("\(list.count) \(noun), \(list.total)")
    }

    static func list(_ list: OrderListViewData) -> [[String]] {
        list.orders.map(record)
    }

    static func detail(_ detail: OrderDetailViewData, terminal: TerminalEnvironment) -> String {
        let style = Style(terminal)
        let order = detail.order
        var next: [String] = []
        if let status = detail.nextStatus { next.append("next: \(status.rawValue)") }
        if detail.cancellable { next.append("can be cancelled") }
        let lines: [(String, String)] = [
            ("id", style.cyan(order.id)),
            ("customer", order.customer),
            ("coffee", "\(order.coffee) (\(order.size.rawValue))"),
            ("total", order.total),
            (
                "status",
                status(order.status, style) + (next.isEmpty ? "" : style.dim(" (\(next.joined(separator: "; ")))"))
            ),
            ("placed", order.placed),
            ("updated", detail.updated),
        ]
        let body = lines.map { DisplayWidth.pad($0.0, to: 10) + $0.1 }.joined(separator: "\n")
        guard let action = detail.action else { return body }
        return style.green("order \(order.shortID) \(words(action, order.status))") + "\n" + body
    }

    static func detail(_ detail: OrderDetailViewData) -> [[String]] {
        [record(detail.order) + [detail.updated]]
    }

    static func report(_ report: ReportViewData, terminal: TerminalEnvironment) -> String {
        guard !report.lines.isEmpty else { return "no orders on \(report.date)" }
        let style = Style(terminal)
        var table = Table(columns: [
            .init("COFFEE"), .init("SIZE"), .init("COUNT", alignment: .trailing),
            .init("REVENUE", alignment: .trailing),
        ])
        for line in report.lines { table.append([line.coffee, line.size.rawValue, String(line.count), line.revenue]) }
        table.append([style.bold("total"), "", style.bold(String(report.totalCount)), style.bold(report.totalRevenue)])
        return style.bold("report for \(report.date)") + "\n" + table.render(style: style)
    }

    static func report(_ report: ReportViewData) -> [[String]] {
        report.lines.map { [$0.coffee, $0.size.rawValue, String($0.count), $0.revenue] }
    }

    /// An order's fields as one plain record, the full id first.
    private static func record(_ row: OrderRowViewData) -> [String] {
        [row.id, row.customer, row.coffee, row.size.rawValue, row.status.rawValue, row.total, row.placed]
    }

    private static func words(_ change: OrderChange, _ status: OrderStatus) -> String {
        switch change {
        case .placed: "placed"
        case .advanced: "advanced to \(status.rawValue)"
        case .cancelled: "cancelled"
        case .deleted: "deleted"
        }
    }

    /// The widest the customer column may get for a row to fit the terminal; `nil` (nothing cut)
    /// when the output goes to a file or a pipe and no COLUMNS asks for a width.
    private static func customerWidth(_ list: OrderListViewData, _ terminal: TerminalEnvironment) -> Int? {
        guard let width = terminal.fitWidth else { return nil }
        func widest(_ title: String, _ cells: [String]) -> Int {
            ([title] + cells).map { DisplayWidth.of($0) }.max() ?? 0
        }
        let rows = list.orders
        let others = [
            widest("ID", rows.map(\.shortID)), widest("COFFEE", rows.map(\.coffee)),
            widest("SIZE", rows.map(\.size.rawValue)),
            widest("STATUS", rows.map(\.status.rawValue)), widest("TOTAL", rows.map(\.total)),
            widest("PLACED", rows.map(\.placed)),
        ]
        let gaps = 2 * others.count
        return max(8, width - others.reduce(0, +) - gaps)
    }

    private static func status(_ status: OrderStatus, _ style: Style) -> String {
        switch status {
        case .ready: style.green(status.rawValue)
        case .preparing: style.yellow(status.rawValue)
        case .cancelled: style.red(status.rawValue)
        case .completed: style.dim(status.rawValue)
        case .placed: status.rawValue
        }
    }
}
