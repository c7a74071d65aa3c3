import CoffeeEntity
import CoffeeRepository
import Core
import Foundation
import Testing

/// What every `OrderRepository` that stores orders must do, run on each backend.
@Suite("Order repository contract")
struct OrderRepositoryContractTests {
    @Test("a new store starts with the standard menu", arguments: Backend.allCases)
    func menu(_ backend: Backend) async throws {
        try await backend.withRepository { repository in
            let menu = try await repository.menu()
            #expect(menu == .standard)
        }
    }

    @Test("a store that answers is ready", arguments: Backend.allCases)
    func ready(_ backend: Backend) async throws {
        try await backend.withRepository { repository in
            try await repository.ready()
        }
    }

    @Test("an added order reads back unchanged, through another connection too", arguments: Backend.allCases)
    func addAndGet(_ backend: Backend) async throws {
        try await backend.withRepositories { first, second in
            let order = Fixtures.order(1, customer: "Zoë", at: 1_700_000_000.123)
            #expect(try await first.add(order) == order)
            #expect(try await second.get(order.id) == order)
            // 60 characters may be many more code points (a family emoji is 7): still stored.
            let family = Fixtures.order(2, customer: String(repeating: "👨‍👩‍👧‍👦", count: 60))
            _ = try await first.add(family)
            #expect(try await second.get(family.id) == family)
        }
    }

    @Test("list filters and sorts by time, then id; by total, dearest first", arguments: Backend.allCases)
    func list(_ backend: Backend) async throws {
        try await backend.withRepository { repository in
            let orders = [
                Fixtures.order(0xab01, customer: "Ada", coffee: "Mocha", size: .large),  // 550
                Fixtures.order(0xab02, customer: "bob", coffee: "Espresso", size: .small, status: .ready),  // 300
                Fixtures.order(0xcd03, customer: "ADA", coffee: "Latte", size: .small),  // 400
                // Placed at the same millisecond as 0xcd03: the id breaks the tie.
                Fixtures.order(0xcd04, customer: "Cy", coffee: "Latte", size: .small, at: 1_700_000_000 + 0xcd03),
            ]
            for order in orders.reversed() { _ = try await repository.add(order) }
            let cases: [(OrderQuery, [Int])] = [
                (OrderQuery(), [0xab01, 0xab02, 0xcd03, 0xcd04]),
                (OrderQuery(sort: .total), [0xab01, 0xcd03, 0xcd04, 0xab02]),
                (OrderQuery(status: .ready), [0xab02]),
                (OrderQuery(customer: " ada "), [0xab01, 0xcd03]),
                (OrderQuery(idPrefix: "0000ab"), [0xab01, 0xab02]),
                (OrderQuery(idPrefix: "0000CD"), [0xcd03, 0xcd04]),
                (OrderQuery(idPrefix: "%"), []),
                (OrderQuery(idPrefix: "0000c_"), []),
                (
                    OrderQuery(
                        createdFrom: Date(timeIntervalSince1970: 1_700_000_000 + 0xab02),
                        createdBefore: Date(timeIntervalSince1970: 1_700_000_000 + 0xcd04)),
                    [0xab02, 0xcd03, 0xcd04]
                ),
            ]
            for (query, expected) in cases {
                let ids = try await repository.list(query).map(\.id)
                #expect(ids == expected.map { Fixtures.order($0).id }, "\(query)")
            }
        }
    }

    @Test(
        "pages follow one another in either sort: none listed twice or skipped, a deleted last order included",
        arguments: Backend.allCases)
    func pages(_ backend: Backend) async throws {
        try await backend.withRepository { repository in
            // Equal totals and one shared millisecond, so every tie-breaker of both sorts is crossed by a page edge.
            let orders = [
                Fixtures.order(0x01, coffee: "Mocha", size: .large), Fixtures.order(0x02, coffee: "Latte"),
                Fixtures.order(0x03, coffee: "Latte", at: 1_700_000_000 + 0x02), Fixtures.order(0x04, coffee: "Latte"),
                Fixtures.order(0x05, coffee: "Espresso", size: .small),
                Fixtures.order(0x06, coffee: "Mocha", size: .large),
                Fixtures.order(0x07, coffee: "Latte", at: 1_700_000_000 + 0x04),
            ]
            for order in orders.shuffled() { _ = try await repository.add(order) }
            for sort in OrderSort.allCases {
                let whole = try await repository.list(OrderQuery(sort: sort)).map(\.id)
                #expect(whole.count == orders.count)
                #expect(try await repository.list(OrderQuery(sort: sort, limit: 3)).map(\.id) == Array(whole.prefix(3)))
                var paged: [Order.ID] = []
                var after: OrderCursor?
                while true {
                    let page = try await repository.list(OrderQuery(sort: sort, after: after, limit: 2))
                    paged += page.map(\.id)
                    guard let last = page.last else { break }
                    after = OrderCursor(after: last)
                }
                #expect(paged == whole, "\(sort)")
            }
            // A cursor is a position: the next page starts there though its order is gone.
            let firstTwo = try await repository.list(OrderQuery(limit: 2))
            let cursor = try OrderCursor(parsing: OrderCursor(after: try #require(firstTwo.last)).text)
            _ = try await repository.delete(try #require(firstTwo.last).id)
            let rest = try await repository.list(OrderQuery(after: cursor)).map(\.id)
            let expected = try await repository.list(OrderQuery()).map(\.id).filter { !firstTwo.map(\.id).contains($0) }
            #expect(rest == expected)
        }
    }

    @Test("update checks the rule on the stored order and keeps a refused change out", arguments: Backend.allCases)
    func update(_ backend: Backend) async throws {
        try await backend.withRepositories { first, second in
            let order = try await first.add(Fixtures.order(1))
            let moved = try await first.update(
                order.id, status: .preparing, at: Date(timeIntervalSince1970: 1_800_000_000))
            #expect(moved.status == .preparing)
            #expect(moved.updatedAt == Date(timeIntervalSince1970: 1_800_000_000))
            #expect(try await second.get(order.id) == moved)
            await #expect(throws: CoffeeError.forbiddenMove(order: order.shortID, from: .preparing, to: .preparing)) {
                try await second.update(order.id, status: .preparing, at: Date())
            }
            #expect(try await first.get(order.id) == moved)
            let missing = Fixtures.order(9)
            await #expect(throws: CoffeeError.orderNotFound(id: missing.idString)) {
                try await first.update(missing.id, status: .preparing, at: Date())
            }
        }
    }

    @Test("delete returns the order and removes it; a missing order is not found", arguments: Backend.allCases)
    func delete(_ backend: Backend) async throws {
        try await backend.withRepositories { first, second in
            let order = try await first.add(Fixtures.order(1))
            #expect(try await first.delete(order.id) == order)
            #expect(try await second.list(OrderQuery()).isEmpty)
            await #expect(throws: CoffeeError.orderNotFound(id: order.idString)) { try await second.delete(order.id) }
            await #expect(throws: CoffeeError.orderNotFound(id: order.idString)) { try await second.get(order.id) }
        }
    }

    @Test("a duplicate id is refused and leaves the stored order as it was", arguments: Backend.allCases)
    func duplicate(_ backend: Backend) async throws {
        try await backend.withRepositories { first, second in
            let order = try await first.add(Fixtures.order(1))
            await #expect(throws: CoffeeError.duplicateOrder(order: order.shortID)) {
                try await second.add(Fixtures.order(1, customer: "Other"))
            }
            #expect(try await first.get(order.id).customer == "Ada")
            #expect(try await first.list(OrderQuery()).count == 1)
        }
    }

    @Test(
        "the revision changes with every change made through any connection, and only then", arguments: Backend.allCases
    )
    func revision(_ backend: Backend) async throws {
        try await backend.withRepositories { server, other in
            let start = try #require(try await server.revision())
            _ = try await server.list(OrderQuery())
            #expect(try await server.revision() == start)
            let order = try await other.add(Fixtures.order(1))
            let afterAdd = try #require(try await server.revision())
            #expect(afterAdd != start)
            _ = try await other.update(order.id, status: .preparing, at: Date())
            let afterUpdate = try #require(try await server.revision())
            #expect(afterUpdate != afterAdd)
            _ = try await other.delete(order.id)
            #expect(try await server.revision() != afterUpdate)
            // A refused change changes nothing, so the revision stays.
            let before = try await server.revision()
            _ = try? await other.add(Fixtures.order(2))
            let afterSecond = try await server.revision()
            _ = try? await other.add(Fixtures.order(2))
            #expect(try await server.revision() == afterSecond)
            #expect(afterSecond != before)
        }
    }

    @Test("concurrent writers through separate connections lose nothing", arguments: Backend.allCases)
    func concurrentAdds(_ backend: Backend) async throws {
        try await backend.withRepositories { first, second in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for writer in 0..<4 {
                    let repository = writer.isMultiple(of: 2) ? first : second
                    group.addTask {
                        for index in 0..<50 { _ = try await repository.add(Fixtures.order(writer * 1_000 + index)) }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await first.list(OrderQuery()).count == 200)
        }
    }

    @Test(
        "two writers moving the same orders: exactly one wins each, the other gets a conflict",
        arguments: Backend.allCases)
    func racingMoves(_ backend: Backend) async throws {
        try await backend.withRepositories { first, second in
            var orders: [Order] = []
            for number in 0..<20 { orders.append(try await first.add(Fixtures.order(number))) }
            let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for order in orders {
                    for repository in [first, second] {
                        group.addTask {
                            do {
                                _ = try await repository.update(order.id, status: .preparing, at: Date())
                                return true
                            } catch CoffeeError.forbiddenMove {
                                return false
                            }
                        }
                    }
                }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 20)
            #expect(outcomes.filter { !$0 }.count == 20)
            #expect(try await second.list(OrderQuery(status: .preparing)).count == 20)
        }
    }
}
