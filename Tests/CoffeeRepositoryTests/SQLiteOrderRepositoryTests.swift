import CoffeeEntity
import CoffeeRepository
import Core
import Database
import Foundation
import TestSupport
import Testing

/// The database at `url`, opened the way the factory opens it.
func coffeeDatabase(_ url: URL) throws -> AppDatabase {
    try AppDatabase(url: url, migrator: CoffeeSchema.migrator, renamedMigrations: CoffeeSchema.renamedMigrations)
}

@Suite("SQLite order repository")
struct SQLiteOrderRepositoryTests {
    let directory: TemporaryDirectory
    let url: URL

    init() throws {
        directory = try TemporaryDirectory()
        url = directory.path("coffee.sqlite")
    }

    func repository() throws -> SQLiteOrderRepository {
        SQLiteOrderRepository(database: try coffeeDatabase(url))
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
            OrderQuery(
                createdFrom: Date(timeIntervalSince1970: 1_700_000_000 + 0xab02),
                createdBefore: Date(timeIntervalSince1970: 1_700_000_000 + 0xcd04)),
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
        let moved = try await sqlite.update(
            order.id, status: .preparing, at: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(moved.status == .preparing)
        #expect(try await sqlite.get(order.id) == moved)
        await #expect(throws: CoffeeError.forbiddenMove(order: order.shortID, from: .preparing, to: .preparing)) {
            try await sqlite.update(order.id, status: .preparing, at: Date())
        }
        #expect(try await sqlite.get(order.id).status == .preparing)
    }

    @Test("delete returns the order and removes it; a missing order is not found")
    func delete() async throws {
        let sqlite = try repository()
        let order = try await sqlite.add(Fixtures.order(1))
        #expect(try await sqlite.delete(order.id) == order)
        #expect(try await sqlite.list(OrderQuery()).isEmpty)
        await #expect(throws: CoffeeError.orderNotFound(id: order.idString)) { try await sqlite.delete(order.id) }
    }

    @Test("a duplicate id is refused and leaves the stored order as it was")
    func duplicate() async throws {
        let sqlite = try repository()
        let order = try await sqlite.add(Fixtures.order(1))
        await #expect(throws: CoffeeError.duplicateOrder(order: order.shortID)) {
            try await sqlite.add(Fixtures.order(1, customer: "Other"))
        }
        #expect(try await sqlite.get(order.id).customer == "Ada")
    }

    @Test("the schema is migrated once, snake_case, and the database is in WAL mode")
    func migrations() throws {
        let database = try coffeeDatabase(url)
        _ = try coffeeDatabase(url)
        #expect(try database.journalMode() == "wal")
        let applied = try database.read { db in try CoffeeSchema.migrator.appliedMigrations(db) }
        #expect(applied == ["v1", "v2"])
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM menu_items") } == 7)
        let columns = try database.read { db in try db.columns(in: "orders").map(\.name) }
        #expect(
            columns == [
                "id", "customer", "customer_key", "coffee", "size", "total_cents", "status", "created_at", "updated_at",
            ])
        let indexes = try database.read { db in
            try db.indexes(on: "orders").map(\.name).filter { !$0.hasPrefix("sqlite_") }.sorted()
        }
        #expect(indexes == ["orders_created_at", "orders_customer_key", "orders_status"])
    }

    @Test("a file written by the first schema, under its old migration id, keeps every order")
    func migratesOldFiles() async throws {
        // The schema as it shipped, under the id it shipped with: the v1 SQL and the orders a user had.
        var old = DatabaseMigrator()
        old.registerMigration("v1: menu and orders") { db in
            try db.execute(
                sql: """
                    CREATE TABLE menuItem (
                        name TEXT PRIMARY KEY COLLATE NOCASE, position INTEGER NOT NULL,
                        small INTEGER NOT NULL CHECK (small >= 0), medium INTEGER NOT NULL CHECK (medium >= 0),
                        large INTEGER NOT NULL CHECK (large >= 0)
                    );
                    CREATE TABLE coffeeOrder (
                        id TEXT PRIMARY KEY NOT NULL, customer TEXT NOT NULL CHECK (length(customer) >= 1),
                        customerKey TEXT NOT NULL, coffee TEXT NOT NULL,
                        size TEXT NOT NULL CHECK (size IN ('small', 'medium', 'large')),
                        totalCents INTEGER NOT NULL CHECK (totalCents >= 0),
                        status TEXT NOT NULL CHECK (status IN ('placed', 'preparing', 'ready', 'completed', 'cancelled')),
                        createdAt INTEGER NOT NULL, updatedAt INTEGER NOT NULL
                    );
                    CREATE INDEX coffeeOrder_createdAt ON coffeeOrder (createdAt);
                    CREATE INDEX coffeeOrder_customerKey ON coffeeOrder (customerKey);
                    CREATE INDEX coffeeOrder_status ON coffeeOrder (status);
                    """)
            for (position, item) in Menu.standard.items.enumerated() {
                try db.execute(
                    sql: "INSERT INTO menuItem (name, position, small, medium, large) VALUES (?, ?, ?, ?, ?)",
                    arguments: [item.name, position, item.prices.small, item.prices.medium, item.prices.large])
            }
        }
        let orders = [
            Fixtures.order(1, customer: "Ada", at: 1_700_000_000.123),
            Fixtures.order(2, customer: "Zoë", coffee: "Mocha", size: .large, status: .ready),
            Fixtures.order(3, customer: "bob", coffee: "Espresso", size: .small, status: .cancelled),
        ]
        let queue = try DatabaseQueue(path: url.path)
        try old.migrate(queue)
        try await queue.write { db in
            for order in orders {
                try db.execute(
                    sql: """
                        INSERT INTO coffeeOrder (id, customer, customerKey, coffee, size, totalCents, status, createdAt, updatedAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        order.idString, order.customer, OrderQuery.customerKey(order.customer), order.coffee,
                        order.size.rawValue,
                        order.totalCents, order.status.rawValue, order.createdAt.millisecondsSince1970,
                        order.updatedAt.millisecondsSince1970,
                    ])
            }
        }
        try queue.close()

        let sqlite = try repository()
        #expect(try await sqlite.list(OrderQuery()) == orders)
        for order in orders { #expect(try await sqlite.get(order.id) == order) }
        #expect(try await sqlite.list(OrderQuery(customer: "BOB")).map(\.id) == [orders[2].id])
        #expect(try await sqlite.menu() == .standard)
        let database = try coffeeDatabase(url)
        #expect(try await database.read { db in try CoffeeSchema.migrator.appliedMigrations(db) } == ["v1", "v2"])
        #expect(
            try await database.read { db in try db.tableExists("coffeeOrder") || db.tableExists("menuItem") } == false)
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
            SQLiteOrderRepository(database: try coffeeDatabase(url))
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
        let first = SQLiteOrderRepository(database: try coffeeDatabase(url))
        let second = SQLiteOrderRepository(database: try coffeeDatabase(url))
        let orders = try await (0..<20).asyncMap { try await first.add(Fixtures.order($0)) }
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
        let server = SQLiteOrderRepository(database: try coffeeDatabase(url))
        let other = SQLiteOrderRepository(database: try coffeeDatabase(url))
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
