import CoffeeEntity
import CoffeeUseCase
import Core
import Foundation
import Observation

/// The orders screen: the MV seed's observable CoffeeStore, with its data access moved into the layers below.
///
/// Each part of the screen (menu, order list, one order, report) is a `ViewState` of view
/// data, moved through `load(_:_:)`: a failed part keeps the typed error for the app to word.
@Observable
@MainActor
public final class OrdersPresenter: Presenting {
    /// The menu.
    public private(set) var menu: ViewState<MenuViewData> = .initial
    /// The order list.
    public private(set) var orders: ViewState<OrderListViewData> = .initial
    /// The order last shown or changed.
    public private(set) var order: ViewState<OrderDetailViewData> = .initial
    /// The day's report.
    public private(set) var report: ViewState<ReportViewData> = .initial

    @ObservationIgnored private let useCase: CoffeeUseCase
    @ObservationIgnored private let mapping: OrdersViewDataMapping

    /// Creates a presenter over the use cases; times are shown in `timeZone`.
    public init(useCase: CoffeeUseCase, timeZone: TimeZone = .current) {
        self.useCase = useCase
        mapping = OrdersViewDataMapping(timeZone: timeZone)
    }

    /// Loads the menu.
    public func loadMenu() async {
        await load(\.menu) { [useCase, mapping] in mapping.menu(try await useCase.menu()) }
    }

    /// Loads a page of the orders, filtered by status and customer and sorted by `time` or `total`,
    /// as typed: at most `limit` (`OrderQuery.defaultPage` when `nil`) from where the page `after` ended.
    public func loadOrders(
        status: String? = nil, customer: String? = nil, sort: String? = nil, limit: String? = nil,
        after: String? = nil
    ) async {
        await load(\.orders) { [useCase, mapping] in
            let query = OrderQuery(
                status: try status.map(OrderStatus.init(parsing:)), customer: customer,
                sort: try sort.map(OrderSort.init(parsing:)) ?? .time, after: try after.map(OrderCursor.init(parsing:)),
                limit: try limit.map(OrderQueryParameters.pageSize))
            let page = try await useCase.page(query)
            return mapping.list(page.orders, next: page.next)
        }
    }

    /// Loads the orders still to serve, oldest first: a board's, whatever the history holds.
    public func loadOpenOrders() async {
        await load(\.orders) { [useCase, mapping] in mapping.list(try await useCase.openOrders()) }
    }

    /// Places an order.
    public func place(name: String, coffee: String, size: String) async {
        await load(\.order) { [useCase, mapping] in
            mapping.detail(try await useCase.place(customer: name, coffee: coffee, size: size), change: .placed)
        }
    }

    /// Shows one order.
    public func show(_ id: String) async {
        await load(\.order) { [useCase, mapping] in mapping.detail(try await useCase.show(id), change: nil) }
    }

    /// Moves an order one step forward.
    public func advance(_ id: String) async {
        await load(\.order) { [useCase, mapping] in mapping.detail(try await useCase.advance(id), change: .advanced) }
    }

    /// Cancels an order.
    public func cancel(_ id: String) async {
        await load(\.order) { [useCase, mapping] in mapping.detail(try await useCase.cancel(id), change: .cancelled) }
    }

    /// Deletes an order; the detail shows it as it was.
    public func delete(_ id: String) async {
        await load(\.order) { [useCase, mapping] in mapping.detail(try await useCase.delete(id), change: .deleted) }
    }

    /// Loads the report of `date` (`YYYY-MM-DD`), or of today when `nil`.
    public func loadReport(date: String? = nil) async {
        await load(\.report) { [useCase, mapping] in
            mapping.report(try await useCase.report(day: try date.map(Day.init(parsing:))))
        }
    }
}
