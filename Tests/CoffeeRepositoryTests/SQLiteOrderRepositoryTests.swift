import CoffeeEntity
import CoffeeRepository
import Core
import Database
import Foundation
import TestSupport
import Testing

@Suite("SQLite order repository")
struct SQLiteOrderRepositoryTests {
    let directory: TemporaryDirectory
    let url: URL

    init() throws {
        directory = try TemporaryDirectory()
        url = directory.path("coffee.sqlite")
    }

    func repository() throws -> SQLiteOrderRepository {
        SQLiteOrderRepository(database: try AppDatabase(url: url, migrator: SQLiteOrderRepository.migrator))
    }

    @Test("a new database starts with the standard menu")
    func menu() async throws {
        #expect(try await repository().menu() == .standard)
    }

    @Test("an added order reads back unchanged, from another connection too")
    func addAndGet() async throws {
        let order = Fixtures.order(1, customer: "Zoë", at: 1_700_000_000.123)
        _ = try await repository().add(order)
        #expect(try await repository().get(order.id) == order)
        // 60 characters may be many more code points (a family emoji is 7): still stored.
        let family = Fixtures.order(2, customer: String(repeating: "👨‍👩‍👧‍👦", count: 60))
        _ = try await repository().add(family)
        #expect(try await repository().get(family.id) == family)
    }

    @Test("list filters and sorts exactly like the in-memory repository")
    func listMatchesInMemory() async throws {
        let orders = [
            Fixtures.order(0xab01, customer: "Ada", coffee: "Mocha", size: .large),
            Fixtures.order(0xab02, customer: "bob", coffee: "Espresso", size: .small, status: .ready),
            Fixtures.order(0xcd03, customer: "ADA", coffee: "Latte", size: .small),
            Fixtures.order(0xcd04, customer: "Cy", coffee: "Latte", size: .small, at: 1_700_000_000 + 0xcd03),
        ]
        let sqlite = try repository()
        for order in orders { _ = try await sqlite.add(order) }
        let memory = InMemoryOrderRepository(orders: orders)
        let queries = [
            OrderQuery(), OrderQuery(sort: .total), OrderQuery(status: .ready), OrderQuery(customer: " ada "),
            OrderQuery(idPrefix: "0000ab"), OrderQuery(idPrefix: "0000CD"), OrderQuery(idPrefix: "%"),
            OrderQuery(createdFrom: Date(timeIntervalSince1970: 1_700_000_000 + 0xab02), createdBefore: Date(timeIntervalSince1970: 1_700_000_000 + 0xcd04)),
        ]
        for query in queries {
            let fromSQLite = try await sqlite.list(query).map(\.idString)
            #expect(fromSQLite == (try await memory.list(query)).map(\.idString), "\(query)")
        }
        #expect(try await sqlite.list(OrderQuery(customer: "ada")).count == 2)
    }

    @Test("update checks the rule on the stored order")
    func update() async throws {
        let sqlite = try repository()
        let order = try await sqlite.add(Fixtures.order(1))
        let moved = try await sqlite.update(order.id, status: .preparing, at: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(moved.status == .preparing)
        #expect(try await sqlite.get(order.id) == moved)
        await #expect(throws: MessageError.self) { try await sqlite.update(order.id, status: .preparing, at: Date()) }
        #expect(try await sqlite.get(order.id).status == .preparing)
    }

    @Test("delete returns the order and removes it; a missing order is not found")
    func delete() async throws {
        let sqlite = try repository()
        let order = try await sqlite.add(Fixtures.order(1))
        #expect(try await sqlite.delete(order.id) == order)
        #expect(try await sqlite.list(OrderQuery()).isEmpty)
        do {
            _ = try await sqlite.delete(order.id)
            Issue.record("deleted twice")
        } catch let error as MessageError {
            #expect(error.kind == .notFound)
        }
    }

    @Test("a duplicate id is refused and leaves the stored order as it was")
    func duplicate() async throws {
        let sqlite = try repository()
        let order = try await sqlite.add(Fixtures.order(1))
        await #expect(throws: MessageError.self) { try await sqlite.add(Fixtures.order(1, customer: "Other")) }
        #expect(try await sqlite.get(order.id).customer == "Ada")
    }

    @Test("the schema is migrated once and the database is in WAL mode")
    func migrations() throws {
        let database = try AppDatabase(url: url, migrator: SQLiteOrderRepository.migrator)
        _ = try AppDatabase(url: url, migrator: SQLiteOrderRepository.migrator)
        #expect(try database.journalMode() == "wal")
        let applied = try database.writer.read { db in try SQLiteOrderRepository.migrator.appliedMigrations(db) }
        #expect(applied == ["v1: menu and orders"])
        #expect(try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM menuItem") } == 7)
    }
}

@Suite("Concurrent writers on one file")
struct ConcurrentWriterTests {
    @Test("writers on separate connections lose nothing and never see 'database is locked'")
    func concurrentAdds() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("coffee.sqlite")
        // Separate AppDatabase values are separate connection pools: the same as separate processes.
        let repositories = try (0..<4).map { _ in
            SQLiteOrderRepository(database: try AppDatabase(url: url, migrator: SQLiteOrderRepository.migrator))
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (writer, repository) in repositories.enumerated() {
                group.addTask {
                    for index in 0..<50 { _ = try await repository.add(Fixtures.order(writer * 1_000 + index)) }
                }
            }
            try await group.waitForAll()
        }
        #expect(try await repositories[0].list(OrderQuery()).count == 200)
    }

    @Test("two writers advancing the same order: exactly one wins, the other gets a conflict")
    func racingAdvances() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("coffee.sqlite")
        let first = SQLiteOrderRepository(database: try AppDatabase(url: url, migrator: SQLiteOrderRepository.migrator))
        let second = SQLiteOrderRepository(database: try AppDatabase(url: url, migrator: SQLiteOrderRepository.migrator))
        let orders = try await (0..<20).asyncMap { try await first.add(Fixtures.order($0)) }
        let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for order in orders {
                for repository in [first, second] {
                    group.addTask {
                        do {
                            _ = try await repository.update(order.id, status: .preparing, at: Date())
                            return true
                        } catch let error as MessageError where error.kind == .conflict {
                            return false
                        }
                    }
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 20)
        #expect(try await first.list(OrderQuery(status: .preparing)).count == 20)
    }
}

extension Sequence where Element: Sendable {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}

@Suite("Revisions")
struct RevisionTests {
    @Test("the SQLite revision changes when another connection or process commits, and only then")
    func sqliteRevision() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("coffee.sqlite")
        let server = SQLiteOrderRepository(database: try AppDatabase(url: url, migrator: SQLiteOrderRepository.migrator))
        let other = SQLiteOrderRepository(database: try AppDatabase(url: url, migrator: SQLiteOrderRepository.migrator))
        let start = try #require(try await server.revision())
        _ = try await server.list(OrderQuery())
        #expect(try await server.revision() == start)
        let order = try await other.add(Fixtures.order(1))
        let afterOther = try #require(try await server.revision())
        #expect(afterOther != start)
        _ = try await server.update(order.id, status: .preparing, at: Date())
        #expect(try await server.revision() != afterOther)
    }

    @Test("the in-memory revision changes with every change")
    func inMemoryRevision() async throws {
        let memory = InMemoryOrderRepository()
        let start = try await memory.revision()
        _ = try await memory.add(Fixtures.order(1))
        #expect(try await memory.revision() != start)
    }
}
