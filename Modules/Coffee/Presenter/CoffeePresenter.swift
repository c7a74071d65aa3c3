import CoffeeEntity
import CoffeeUseCase
import Core
import Foundation
import Observation

/// The coffee screen's state: the MV seed's observable CoffeeStore, with its data access moved into the layers below.
///
/// Each part of the screen (menu, order list, one order, report) is a `ViewState` of view
/// data. A method runs one use case and moves that part's state from `loading` to `loaded`
/// or `failed`; `lastError` keeps the failed call's `MessageError`, so an app can exit with its code.
@Observable
@MainActor
public final class CoffeePresenter {
    /// The menu.
    public private(set) var menu: ViewState<MenuViewData> = .initial
    /// The order list.
    public private(set) var orders: ViewState<OrderListViewData> = .initial
    /// The order last shown or changed.
    public private(set) var order: ViewState<OrderDetailViewData> = .initial
    /// The day's report.
    public private(set) var report: ViewState<ReportViewData> = .initial
    /// The error of the last call that failed; `nil` after one that succeeded.
    public private(set) var lastError: MessageError?

    @ObservationIgnored private let useCase: any CoffeeOrdering
    @ObservationIgnored private let mapping: CoffeeViewDataMapping

    /// Creates a presenter over the use cases; times are shown in `timeZone`.
    public init(useCase: any CoffeeOrdering, timeZone: TimeZone = .current) {
        self.useCase = useCase
        mapping = CoffeeViewDataMapping(timeZone: timeZone)
    }

    /// Loads the menu.
    public func loadMenu() async {
        await perform(\.menu) { [useCase, mapping] in mapping.menu(try await useCase.menu()) }
    }

    /// Loads the orders, filtered by status and customer and sorted by `time` or `total`, as typed.
    public func loadOrders(status: String? = nil, customer: String? = nil, sort: String? = nil) async {
        await perform(\.orders) { [useCase, mapping] in
            let query = OrderQuery(
                status: try status.map(OrderStatus.init(parsing:)), customer: customer,
                sort: try sort.map(OrderSort.init(parsing:)) ?? .time)
            return mapping.list(try await useCase.list(query))
        }
    }

    /// Places an order.
    public func place(name: String, coffee: String, size: String) async {
        await perform(\.order) { [useCase, mapping] in
            mapping.detail(try await useCase.place(customer: name, coffee: coffee, size: size), action: "placed")
        }
    }

    /// Shows one order.
    public func show(_ id: String) async {
        await perform(\.order) { [useCase, mapping] in mapping.detail(try await useCase.show(id), action: nil) }
    }

    /// Moves an order one step forward.
    public func advance(_ id: String) async {
        await perform(\.order) { [useCase, mapping] in
            let order = try await useCase.advance(id)
            return mapping.detail(order, action: "advanced to \(order.status.rawValue)")
        }
    }

    /// Cancels an order.
    public func cancel(_ id: String) async {
        await perform(\.order) { [useCase, mapping] in mapping.detail(try await useCase.cancel(id), action: "cancelled") }
    }

    /// Deletes an order; the detail shows it as it was.
    public func delete(_ id: String) async {
        await perform(\.order) { [useCase, mapping] in mapping.detail(try await useCase.delete(id), action: "deleted") }
    }

    /// Loads the report of `date` (`YYYY-MM-DD`), or of today when `nil`.
    public func loadReport(date: String? = nil) async {
        await perform(\.report) { [useCase, mapping] in
            mapping.report(try await useCase.report(day: try date.map(Day.init(parsing:))))
        }
    }

    /// Runs `work` through one part's state machine and records its error.
    private func perform<Value: Sendable>(
        _ part: ReferenceWritableKeyPath<CoffeePresenter, ViewState<Value>>,
        _ work: @Sendable () async throws -> Value
    ) async {
        guard self[keyPath: part].apply(.load) else { return }
        do {
            let value = try await work()
            lastError = nil
            self[keyPath: part].apply(.succeed(value))
        } catch {
            let failure = MessageError.wrap(error)
            lastError = failure
            self[keyPath: part].apply(.fail(ViewFailure(failure)))
        }
    }
}
