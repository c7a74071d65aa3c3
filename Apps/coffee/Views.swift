import AppSupport
import CoffeeEntity
import CoffeePresenter
import Core
import TerminalUI

/// How each view data looks: text for people, plain records for scripts, and JSON.
enum Views {
    static func menu(_ menu: MenuViewData) -> Rendering {
        Rendering(
            text: { terminal in
                var table = Table(columns: [
                    .init("COFFEE"), .init("SMALL", alignment: .trailing), .init("MEDIUM", alignment: .trailing),
                    .init("LARGE", alignment: .trailing),
                ])
                for item in menu.items { table.append([item.coffee, item.small, item.medium, item.large]) }
                return table.render(style: Style(terminal))
            },
            plain: { menu.items.map { [$0.coffee, $0.small, $0.medium, $0.large] } }, json: { menu })
    }

    static func list(_ list: OrderListViewData) -> Rendering {
        Rendering(
            text: { terminal in
                guard !list.orders.isEmpty else {
                    return "no orders; place one with `coffee order --name NAME --coffee COFFEE --size SIZE`"
                }
                let style = Style(terminal)
                var table = Table(columns: [
                    .init("ID"), .init("CUSTOMER", flexible: true), .init("COFFEE"), .init("SIZE"), .init("STATUS"),
                    .init("TOTAL", alignment: .trailing), .init("PLACED"),
                ])
                for row in list.orders {
                    table.append([
                        style.cyan(row.shortID), row.customer, row.coffee, row.size.rawValue,
                        status(row.status, style), row.total, row.placed,
                    ])
                }
                let noun = list.count == 1 ? "order" : "orders"
                var text =
                    table.render(style: style, fitting: terminal.fitWidth) + "\n"
                    + style.dim("\(list.count) \(noun), \(list.total)")
                if let next = list.next {
                    text += "\n" + style.dim("more follow: run the same command with --after \(next)")
                }
                return text
            },
            plain: { list.orders.map(record) }, json: { list })
    }

    static func detail(_ detail: OrderDetailViewData) -> Rendering {
        Rendering(
            text: { terminal in
                let style = Style(terminal)
                let order = detail.order
                var next: [String] = []
                if let status = detail.nextStatus { next.append("next: \(status.rawValue)") }
                if detail.cancellable { next.append("can be cancelled") }
                let hint = next.isEmpty ? "" : style.dim(" (\(next.joined(separator: "; ")))")
                let body = fields(
                    [
                        ("id", style.cyan(order.id)), ("customer", order.customer),
                        ("coffee", "\(order.coffee) (\(order.size.rawValue))"), ("total", order.total),
                        ("status", status(order.status, style) + hint), ("placed", order.placed),
                        ("updated", detail.updated),
                    ])
                guard let action = detail.action else { return body }
                return style.green("order \(order.shortID) \(words(action, order.status))") + "\n" + body
            },
            plain: { [record(detail.order) + [detail.updated]] }, json: { detail })
    }

    static func report(_ report: ReportViewData) -> Rendering {
        Rendering(
            text: { terminal in
                guard !report.lines.isEmpty else { return "no orders on \(report.date)" }
                let style = Style(terminal)
                var table = Table(columns: [
                    .init("COFFEE"), .init("SIZE"), .init("COUNT", alignment: .trailing),
                    .init("REVENUE", alignment: .trailing),
                ])
                for line in report.lines {
                    table.append([line.coffee, line.size.rawValue, String(line.count), line.revenue])
                }
                table.append([
                    style.bold("total"), "", style.bold(String(report.totalCount)), style.bold(report.totalRevenue),
                ])
                return style.bold("report for \(report.date)") + "\n" + table.render(style: style)
            },
            plain: { report.lines.map { [$0.coffee, $0.size.rawValue, String($0.count), $0.revenue] } },
            json: { report })
    }

    static func tokens(_ list: TokenListViewData) -> Rendering {
        Rendering(
            text: { terminal in
                guard !list.tokens.isEmpty else { return "no tokens; `coffee token create --name NAME` makes one" }
                var table = Table(columns: [.init("NAME", flexible: true), .init("ROLE"), .init("CREATED")])
                for token in list.tokens { table.append([token.name, token.role.rawValue, token.created]) }
                return table.render(style: Style(terminal), fitting: terminal.fitWidth)
            },
            plain: { list.tokens.map { [$0.name, $0.role.rawValue, $0.created] } }, json: { list.tokens })
    }

    /// A token just made (its secret last, on a line of its own, shown this once) or revoked.
    static func token(_ data: TokenViewData) -> Rendering {
        let token = data.token
        return Rendering(
            text: { _ in
                switch data.change {
                case .created:
                    "token \(token.name) (\(token.role.rawValue)) created; it is shown only this once:\n"
                        + (data.secret ?? "")
                case .revoked: "token \(token.name) revoked"
                }
            },
            // A made token's plain output is the secret alone, for `TOKEN=$(coffee token create …)`.
            plain: { [[data.secret ?? "token \(token.name) revoked"]] }, json: { data })
    }

    /// Labelled lines, the values aligned after the longest label.
    private static func fields(_ lines: [(String, String)]) -> String {
        lines.map { DisplayWidth.pad($0.0, to: 10) + $0.1 }.joined(separator: "\n")
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
