import CoffeeEntity
import CoffeePresenter
import CoffeeUseCase
import Core
import Foundation
import Synchronization
import Testing

/// A stand-in for the use cases: fixed orders, and an error when a test sets one.
final class StubOrdering: CoffeeOrdering {
    let orders: [Order]
    let failure: MessageError?
    let queries = Mutex<[OrderQuery]>([])

    init(orders: [Order] = [], failure: MessageError? = nil) {
        self.orders = orders
        self.failure = failure
    }

    private func check() throws { if let failure { throw failure } }
    func menu() async throws -> Menu { try check(); return .standard }
    func place(customer: String, coffee: String, size: String) async throws -> Order { try check(); return orders[0] }
    func list(_ query: OrderQuery) async throws -> [Order] {
        try check()
        queries.withLock { $0.append(query) }
        return orders
    }
    func show(_ id: String) async throws -> Order { try check(); return orders[0] }
    func advance(_ id: String) async throws -> Order { try check(); return try orders[0].moving(to: .preparing, at: orders[0].createdAt) }
    func cancel(_ id: String) async throws -> Order { try check(); return try orders[0].moving(to: .cancelled, at: orders[0].createdAt) }
    func changeStatus(_ id: String, to status: OrderStatus) async throws -> Order { try check(); return orders[0] }
    func delete(_ id: String) async throws -> Order { try check(); return orders[0] }
    func report(day: Day?) async throws -> DailyReport {
        try check()
        return DailyReport(day: try day ?? Day(parsing: "2026-03-14"), orders: orders)
    }
    func revision() async throws -> Int64? { nil }
}

@MainActor
@Suite("Coffee presenter")
struct CoffeePresenterTests {
    let utc = TimeZone(identifier: "UTC") ?? .current
    let order = Order(
        id: .init(UUID(uuidString: "1a2b3c4d-0000-4000-8000-000000000000") ?? UUID()), customer: "Ada", coffee: "Latte",
        size: .medium, totalCents: 450, status: .placed,
        createdAt: Date(timeIntervalSince1970: 1_773_480_605), updatedAt: Date(timeIntervalSince1970: 1_773_480_605))

    @Test("the list is loaded as rows of text with money and times formatted")
    func list() async {
        let presenter = CoffeePresenter(useCase: StubOrdering(orders: [order, order]), timeZone: utc)
        #expect(presenter.orders == .initial)
        await presenter.loadOrders()
        let list = presenter.orders.value
        #expect(list?.count == 2)
        #expect(list?.total == "$9.00")
        #expect(list?.orders.first?.total == "$4.50")
        #expect(list?.orders.first?.shortID == "1a2b3c4d")
        #expect(list?.orders.first?.placed == "2026-03-14 09:30")
        #expect(list?.emptyMessage == nil)
    }

    @Test("an empty list says how to place an order")
    func emptyList() async {
        let presenter = CoffeePresenter(useCase: StubOrdering(), timeZone: utc)
        await presenter.loadOrders()
        #expect(presenter.orders.value?.emptyMessage?.contains("coffee order") == true)
    }

    @Test("typed filters are parsed into the query")
    func filters() async {
        let stub = StubOrdering(orders: [order])
        let presenter = CoffeePresenter(useCase: stub, timeZone: utc)
        await presenter.loadOrders(status: "Ready", customer: "ada", sort: "total")
        #expect(stub.queries.withLock { $0 } == [OrderQuery(status: .ready, customer: "ada", sort: .total)])
    }

    @Test("a bad filter fails the list with the rule's message and keeps the error's kind")
    func badFilter() async {
        let stub = StubOrdering(orders: [order])
        let presenter = CoffeePresenter(useCase: stub, timeZone: utc)
        await presenter.loadOrders(status: "lost")
        #expect(presenter.orders.failure.map { MessageError.describe($0.error) }?.contains("unknown status 'lost'") == true)
        #expect(presenter.lastError?.kind == .validation)
        #expect(stub.queries.withLock { $0 }.isEmpty)
    }

    @Test("a failing use case moves the state to failed with its message")
    func failure() async {
        let presenter = CoffeePresenter(useCase: StubOrdering(failure: .notFound("no order ab; run `coffee list`")), timeZone: utc)
        await presenter.show("ab")
        #expect(presenter.order.failure.map { MessageError.describe($0.error) } == "no order ab; run `coffee list`")
        #expect(presenter.lastError?.exitCode == ErrorKind.notFound.exitCode)
    }

    @Test("the detail says what was done and what can happen next")
    func detail() async {
        let presenter = CoffeePresenter(useCase: StubOrdering(orders: [order]), timeZone: utc)
        await presenter.advance("1a2b")
        let detail = presenter.order.value
        #expect(detail?.action == "advanced to preparing")
        #expect(detail?.order.status == "preparing")
        #expect(detail?.nextStatus == "ready")
        #expect(detail?.cancellable == true)
        await presenter.cancel("1a2b")
        #expect(presenter.order.value?.nextStatus == nil)
        #expect(presenter.order.value?.cancellable == false)
        #expect(presenter.lastError == nil)
    }

    @Test("menu and report are view data with money as text")
    func menuAndReport() async {
        let presenter = CoffeePresenter(useCase: StubOrdering(orders: [order]), timeZone: utc)
        await presenter.loadMenu()
        let first = presenter.menu.value?.items.first
        #expect([first?.coffee, first?.small, first?.medium, first?.large] == ["Espresso", "$3.00", "$3.50", "$4.00"])
        await presenter.loadReport(date: "2026-03-14")
        #expect(presenter.report.value?.date == "2026-03-14")
        #expect(presenter.report.value?.totalRevenue == "$4.50")
        await presenter.loadReport(date: "14/03/2026")
        #expect(presenter.report.failure.map { MessageError.describe($0.error) }?.contains("YYYY-MM-DD") == true)
    }
}
