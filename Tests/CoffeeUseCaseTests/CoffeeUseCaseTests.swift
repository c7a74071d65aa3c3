import CoffeeEntity
import CoffeeRepository
import CoffeeUseCase
import Core
import Foundation
import Synchronization
import Testing

@Suite("Coffee use cases on the in-memory repository")
struct CoffeeUseCaseTests {
    let clock = ManualClock(start: Date(timeIntervalSince1970: 1_773_446_400))  // 2026-03-14 00:00:00 UTC
    let repository = InMemoryOrderRepository()
    let utc = TimeZone(identifier: "UTC") ?? .current

    func useCase(ids: UUIDGenerator = .incrementing()) -> CoffeeUseCase {
        CoffeeUseCase(repository: repository, clock: clock.clock, ids: ids, timeZone: utc)
    }

    @Test("place prices the order from the menu and stores it with the injected id and time")
    func place() async throws {
        clock.advance(by: 3_600)
        let order = try await useCase().place(customer: " Ada ", coffee: "latte", size: "medium")
        #expect(order.idString == "00000000-0000-0000-0000-000000000001")
        #expect(order.customer == "Ada")
        #expect(order.totalCents == 450)
        #expect(order.createdAt == clock.now)
        #expect(try await repository.list(OrderQuery()) == [order])
    }

    @Test("the open orders are the placed, preparing and ready ones, oldest first, whatever their status")
    func openOrders() async throws {
        let orders = useCase()
        var placed: [Order] = []
        for name in ["Ada", "Bob", "Cy", "Di", "Ed"] {
            clock.advance(by: 60)
            placed.append(try await orders.place(customer: name, coffee: "Latte", size: "small"))
        }
        _ = try await orders.advance(placed[0].idString)  // preparing, the oldest
        for _ in 0..<3 { _ = try await orders.advance(placed[1].idString) }  // completed
        _ = try await orders.cancel(placed[2].idString)
        _ = try await orders.advance(placed[4].idString)
        _ = try await orders.advance(placed[4].idString)  // ready, the newest
        let open = try await orders.openOrders()
        #expect(open.map(\.customer) == ["Ada", "Di", "Ed"])
        #expect(open.map(\.status) == [.preparing, .placed, .ready])
    }

    @Test("a page holds 100 orders unless the query says otherwise, and points past itself only when more follow")
    func pages() async throws {
        let orders = useCase()
        for number in 0..<101 {
            clock.advance(by: 1)
            _ = try await orders.place(customer: "Guest \(number)", coffee: "Latte", size: "small")
        }
        let first = try await orders.page(OrderQuery())
        #expect(first.orders.count == 100)
        #expect(first.next == OrderCursor(after: try #require(first.orders.last)))
        let last = try await orders.page(OrderQuery(after: first.next))
        #expect(last.orders.map(\.customer) == ["Guest 100"])
        #expect(last.next == nil)
        // Exactly a page's worth left: the page before the end says so, no empty page after it.
        let exact = try await orders.page(
            OrderQuery(after: first.orders.dropLast().last.map(OrderCursor.init(after:)), limit: 2))
        #expect(exact.orders.count == 2)
        #expect(exact.next == nil)
    }

    @Test("a broken rule stores nothing")
    func brokenRuleStoresNothing() async throws {
        let orders = useCase()
        await #expect(throws: CoffeeError.emptyCustomer) {
            try await orders.place(customer: "", coffee: "Latte", size: "small")
        }
        await #expect(throws: CoffeeError.notOnMenu(coffee: "Tea", menu: Menu.standard.items.map(\.name))) {
            try await orders.place(customer: "A", coffee: "Tea", size: "small")
        }
        await #expect(throws: CoffeeError.unknownSize(size: "venti")) {
            try await orders.place(customer: "A", coffee: "Latte", size: "venti")
        }
        #expect(try await repository.list(OrderQuery()).isEmpty)
    }

    @Test("list filters by status and customer and sorts by time or total")
    func list() async throws {
        let orders = useCase()
        let ada = try await orders.place(customer: "Ada", coffee: "Espresso", size: "small")
        clock.advance(by: 1)
        let bob = try await orders.place(customer: "Bob", coffee: "Mocha", size: "large")
        clock.advance(by: 1)
        _ = try await orders.advance(ada.idString)
        #expect(try await orders.list(OrderQuery()).map(\.id) == [ada.id, bob.id])
        #expect(try await orders.list(OrderQuery(sort: .total)).map(\.id) == [bob.id, ada.id])
        #expect(try await orders.list(OrderQuery(status: .preparing)).map(\.id) == [ada.id])
        #expect(try await orders.list(OrderQuery(customer: "BOB")).map(\.id) == [bob.id])
    }

    @Test("an id may be any unique prefix")
    func prefixes() async throws {
        let ids = [
            "ab000000-0000-0000-0000-000000000001", "ab100000-0000-0000-0000-000000000002",
            "cd000000-0000-0000-0000-000000000003",
        ]
        .compactMap(UUID.init(uuidString:))
        let generator = UUIDGenerator { [ids = Mutex(ids)] in ids.withLock { $0.removeFirst() } }
        let orders = useCase(ids: generator)
        for name in ["A", "B", "C"] { _ = try await orders.place(customer: name, coffee: "Latte", size: "small") }
        #expect(try await orders.show("c").customer == "C")
        #expect(try await orders.show("AB1").customer == "B")
        #expect(try await orders.show("ab000000-0000-0000-0000-000000000001").customer == "A")
        await #expect(
            throws: CoffeeError.ambiguousID(prefix: "ab", matches: [ids[0], ids[1]].map { $0.uuidString.lowercased() })
        ) {
            try await orders.show("AB")
        }
        await #expect(throws: CoffeeError.orderNotFound(id: "ef")) { try await orders.show("ef") }
        await #expect(throws: CoffeeError.notAnOrderID(text: "not-an-id")) { try await orders.show("not-an-id") }
        #expect(CoffeeError.ambiguousID(prefix: "ab", matches: []).kind == .usage)
        #expect(CoffeeError.notAnOrderID(text: "x").kind == .usage)
    }

    @Test("advance walks the statuses to completed and then refuses")
    func advance() async throws {
        let orders = useCase()
        let order = try await orders.place(customer: "Ada", coffee: "Latte", size: "small")
        var statuses: [OrderStatus] = []
        for _ in 0..<3 {
            clock.advance(by: 60)
            let moved = try await orders.advance(order.shortID)
            statuses.append(moved.status)
            #expect(moved.updatedAt == clock.now)
        }
        #expect(statuses == [.preparing, .ready, .completed])
        await #expect(throws: CoffeeError.orderIsFinal(order: "00000000", status: .completed)) {
            try await orders.advance(order.shortID)
        }
    }

    @Test("cancel works from placed or preparing only")
    func cancel() async throws {
        let orders = useCase()
        let first = try await orders.place(customer: "A", coffee: "Latte", size: "small")
        let second = try await orders.place(customer: "B", coffee: "Latte", size: "small")
        #expect(try await orders.cancel(first.idString).status == .cancelled)
        _ = try await orders.advance(second.idString)
        _ = try await orders.advance(second.idString)
        await #expect(throws: CoffeeError.forbiddenMove(order: second.shortID, from: .ready, to: .cancelled)) {
            try await orders.cancel(second.idString)
        }
        #expect(try await orders.show(second.idString).status == .ready)
    }

    @Test("the in-memory use cases start with the orders and the menu given")
    func inMemory() async throws {
        let order = try await useCase().place(customer: "Ada", coffee: "Latte", size: "small")
        let orders = CoffeeUseCase.inMemory(
            menu: Menu(items: [Menu.standard.items[0]]), orders: [order], clock: clock.clock)
        #expect(try await orders.show(order.shortID) == order)
        #expect(try await orders.menu().items.map(\.name) == ["Espresso"])
    }

    @Test("delete removes the order whatever its status")
    func delete() async throws {
        let orders = useCase()
        let order = try await orders.place(customer: "A", coffee: "Latte", size: "small")
        _ = try await orders.cancel(order.idString)
        #expect(try await orders.delete(order.idString).id == order.id)
        #expect(try await orders.list(OrderQuery()).isEmpty)
    }

    @Test("the report covers one day in the injected time zone and leaves cancelled orders out")
    func report() async throws {
        let orders = useCase()
        _ = try await orders.place(customer: "A", coffee: "Latte", size: "medium")  // 2026-03-14
        _ = try await orders.place(customer: "B", coffee: "Latte", size: "medium")
        let cancelled = try await orders.place(customer: "C", coffee: "Mocha", size: "large")
        _ = try await orders.cancel(cancelled.idString)
        clock.advance(by: 86_400)
        _ = try await orders.place(customer: "D", coffee: "Espresso", size: "small")  // 2026-03-15

        let yesterday = try await orders.report(day: try Day(parsing: "2026-03-14"))
        #expect(yesterday.lines.count == 1)
        #expect(yesterday.totalCount == 2)
        #expect(yesterday.totalRevenueCents == 900)
        let today = try await orders.report(day: nil)
        #expect(today.day.description == "2026-03-15")
        #expect(today.totalRevenueCents == 300)
    }
}
