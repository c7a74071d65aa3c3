import ArgumentParser
import CoffeeEntity
import CoffeePresenter
import Core

/// `coffee menu`.
struct MenuCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "menu", abstract: "Show the coffees and their prices.",
        discussion: "Example: coffee menu --format plain")

    @OptionGroup var common: CommonOptions

    mutating func run() async throws {
        let common = common
        try await ErrorWording.reporter.run { @MainActor in
            try await common.withMenuPresenter { presenter in
                await presenter.loadMenu()
                try Views.menu(presenter.menu.result()).print(as: common.format)
            }
        }
    }
}

/// `coffee order --name NAME --coffee COFFEE --size SIZE`.
struct OrderCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "order", abstract: "Place an order.",
        discussion: "Example: coffee order --name Ada --coffee latte --size medium")

    @Option(help: "Who the order is for (1 to 60 characters).")
    var name: String

    @Option(help: "A coffee on the menu (see `coffee menu`).")
    var coffee: String

    @Option(help: "The size: \(Size.allCases.map(\.rawValue).joined(separator: ", ")), or its first letter.")
    var size: String

    @OptionGroup var common: CommonOptions

    mutating func run() async throws {
        let (common, name, coffee, size) = (common, name, coffee, size)
        try await ErrorWording.reporter.run { @MainActor in
            try await common.withPresenter { presenter in
                await presenter.place(name: name, coffee: coffee, size: size)
                try Views.detail(presenter.order.result()).print(as: common.format)
            }
        }
    }
}

/// `coffee list [--status S] [--customer NAME] [--sort time|total] [--limit N] [--after CURSOR]`.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List orders, oldest first, a page at a time.",
        discussion: """
            A page holds \(OrderQuery.defaultPage) orders unless --limit says otherwise; when more match, \
            the last line says how to list the next page.

            Example: coffee list --status ready --sort total
            """)

    @Option(help: "Only orders with this status: placed, preparing, ready, completed or cancelled.")
    var status: String?

    @Option(help: "Only orders for this customer (ignoring case).")
    var customer: String?

    @Option(help: "Sort by time (oldest first) or total (dearest first).")
    var sort: String?

    @Option(help: "The most orders to list, 1 to \(OrderQuery.largestPage) (default \(OrderQuery.defaultPage)).")
    var limit: String?

    @Option(help: "Start after the page that ended here (the --after the last page printed).")
    var after: String?

    @OptionGroup var common: CommonOptions

    mutating func run() async throws {
        let (common, status, customer, sort, limit, after) = (common, status, customer, sort, limit, after)
        try await ErrorWording.reporter.run { @MainActor in
            try await common.withPresenter(access: .readOnly) { presenter in
                await presenter.loadOrders(status: status, customer: customer, sort: sort, limit: limit, after: after)
                try Views.list(presenter.orders.result()).print(as: common.format)
            }
        }
    }
}

/// `coffee report [--date YYYY-MM-DD]`.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report", abstract: "Cups and revenue per coffee and size for a day (cancelled orders left out).",
        discussion: "Example: coffee report --date 2026-03-14")

    @Option(help: "The day, YYYY-MM-DD, in local time (default: today).")
    var date: String?

    @OptionGroup var common: CommonOptions

    mutating func run() async throws {
        let (common, date) = (common, date)
        try await ErrorWording.reporter.run { @MainActor in
            try await common.withPresenter(access: .readOnly) { presenter in
                await presenter.loadReport(date: date)
                try Views.report(presenter.report.result()).print(as: common.format)
            }
        }
    }
}
