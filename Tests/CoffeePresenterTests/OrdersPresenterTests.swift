import CoffeeEntity
import CoffeePresenter
import CoffeeUseCase
import Core
import Foundation
import Testing

@MainActor
@Suite("Orders presenter")
struct OrdersPresenterTests {
    let utc = TimeZone(identifier: "UTC") ?? .current
    let placedAt = Date(timeIntervalSince1970: 1_773_480_605)  // 2026-03-14 09:30:05 UTC

    func order(_ id: String, customer: String = "Ada", cents: Int = 450, status: OrderStatus = .placed) -> Order {
        Order(
            id: .init(UUID(uuidString: id) ?? UUID()), customer: customer, coffee: "Latte", size: .medium,
            totalCents: cents,
            status: status, createdAt: placedAt, updatedAt: placedAt)
    }

    var first: Order { order("1a2b3c4d-0000-4000-8000-000000000000") }

    func presenter(_ orders: [Order] = []) -> OrdersPresenter {
        OrdersPresenter(useCase: .inMemory(orders: orders, clock: .fixed(placedAt), timeZone: utc), timeZone: utc)
    }

    /// The typed error a failed part holds.
    func error<Value>(_ state: ViewState<Value>) -> CoffeeError? {
        state.failure?.error as? CoffeeError
    }

    @Test("the list is loaded as rows with money and times formatted")
    func list() async {
        let presenter = presenter([first, order("2a2b3c4d-0000-4000-8000-000000000000")])
        #expect(presenter.orders == .initial)
        await presenter.loadOrders()
        let list = presenter.orders.value
        #expect(list?.count == 2)
        #expect(list?.total == "$9.00")
        #expect(list?.orders.first?.total == "$4.50")
        #expect(list?.orders.first?.shortID == "1a2b3c4d")
        #expect(list?.orders.first?.placed == "2026-03-14 09:30")
        #expect(list?.orders.first?.status == .placed)
    }

    @Test("an empty list is loaded as no rows, for the app to word")
    func emptyList() async {
        let presenter = presenter()
        await presenter.loadOrders()
        let list = presenter.orders.value
        #expect(list?.orders.isEmpty == true)
        #expect(list?.count == 0)
        #expect(list?.total == "$0.00")
    }

    @Test("typed filters are parsed into the query")
    func filters() async {
        let presenter = presenter([
            first, order("2a2b3c4d-0000-4000-8000-000000000000", customer: "ADA", cents: 500, status: .ready),
            order("3a2b3c4d-0000-4000-8000-000000000000", customer: "Bob", status: .ready),
            order("4a2b3c4d-0000-4000-8000-000000000000", customer: "ada", cents: 525, status: .ready),
        ])
        await presenter.loadOrders(status: "Ready", customer: "ada", sort: "total")
        #expect(presenter.orders.value?.orders.map(\.shortID) == ["4a2b3c4d", "2a2b3c4d"])
    }

    @Test("a bad filter fails the list with the typed error")
    func badFilter() async {
        let presenter = presenter([first])
        await presenter.loadOrders(status: "lost")
        #expect(error(presenter.orders) == .unknownStatus(status: "lost"))
        #expect(presenter.orders.failure?.kind == .validation)
        await presenter.loadOrders(sort: "price")
        #expect(error(presenter.orders) == .unknownSort(sort: "price"))
    }

    @Test("a failing use case moves the state to failed with its error")
    func failure() async {
        let presenter = presenter()
        await presenter.show("ab")
        #expect(error(presenter.order) == .orderNotFound(id: "ab"))
        #expect(presenter.order.failure?.error.exitCode == ErrorKind.notFound.exitCode)
        await presenter.show("1a2b")
        #expect(error(presenter.order) == .orderNotFound(id: "1a2b"))
    }

    @Test("the detail says what was done and what can happen next")
    func detail() async {
        let presenter = presenter([first])
        await presenter.advance("1a2b")
        let detail = presenter.order.value
        #expect(detail?.action == .advanced)
        #expect(detail?.order.status == .preparing)
        #expect(detail?.nextStatus == .ready)
        #expect(detail?.cancellable == true)
        await presenter.cancel("1a2b")
        #expect(presenter.order.value?.action == .cancelled)
        #expect(presenter.order.value?.nextStatus == nil)
        #expect(presenter.order.value?.cancellable == false)
        await presenter.show("1a2b")
        #expect(presenter.order.value?.action == nil)
        await presenter.advance("1a2b")
        #expect(error(presenter.order) == .orderIsFinal(order: "1a2b3c4d", status: .cancelled))
        await presenter.place(name: "Bo", coffee: "mocha", size: "l")
        #expect(presenter.order.value?.action == .placed)
        #expect(presenter.order.value?.order.total == "$5.50")
        await presenter.delete("1a2b")
        #expect(presenter.order.value?.action == .deleted)
    }

    @Test("menu and report are view data with money as text")
    func menuAndReport() async {
        let presenter = presenter([first])
        await presenter.loadMenu()
        let item = presenter.menu.value?.items.first
        #expect([item?.coffee, item?.small, item?.medium, item?.large] == ["Espresso", "$3.00", "$3.50", "$4.00"])
        await presenter.loadReport(date: "2026-03-14")
        #expect(presenter.report.value?.date == "2026-03-14")
        #expect(presenter.report.value?.totalRevenue == "$4.50")
        #expect(presenter.report.value?.lines.first?.size == .medium)
        await presenter.loadReport(date: "14/03/2026")
        #expect(error(presenter.report) == .notADate(text: "14/03/2026"))
    }
}
