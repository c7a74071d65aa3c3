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

    @Test("the schema is migrated once, snake_case, and the database is in WAL mode")
    func migrations() async throws {
        let database = try coffeeDatabase(url)
        _ = try coffeeDatabase(url)
        #expect(try await database.journalMode() == "wal")
        let applied = try await database.read { db in try CoffeeSchema.migrator.appliedMigrations(db) }
        #expect(applied == ["v1", "v2", "v3", "v4", "v5", "v6"])
        #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM menu_items") } == 7)
        let columns = try await database.read { db in try db.columns(in: "orders").map(\.name) }
        #expect(
            columns == [
                "id", "customer", "customer_key", "coffee", "size", "total_cents", "status", "created_at", "updated_at",
                "request_fingerprint", "idempotency_key",
            ])
        let indexes = try await database.read { db in
            try db.indexes(on: "orders").map(\.name).filter { !$0.hasPrefix("sqlite_") }.sorted()
        }
        #expect(
            indexes == [
                "orders_by_total", "orders_created_at", "orders_customer_key", "orders_idempotency_key",
                "orders_status",
            ])
    }

    @Test("v5 keeps an order placed with a key before it, id and all; the key, not stored then, places a new order")
    func keyedOrdersBeforeV5() async throws {
        let queue = try DatabaseQueue(path: url.path)
        try CoffeeSchema.migrator.migrate(queue, upTo: "v4")
        let old = Fixtures.order(1, customer: "Ada", at: 1_700_000_000)
        let key = try IdempotentRequest(
            key: "1001", fingerprint: IdempotentRequest.fingerprint(method: "POST", path: "/orders", body: Data()))
        try await queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO orders (id, customer, customer_key, coffee, size, total_cents, status, created_at,
                        updated_at, request_fingerprint)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    old.idString, old.customer, OrderQuery.customerKey(old.customer), old.coffee, old.size.rawValue,
                    old.totalCents, old.status.rawValue, old.createdAt.millisecondsSince1970,
                    old.updatedAt.millisecondsSince1970, key.fingerprint,
                ])
        }
        try queue.close()

        let sqlite = try repository()
        #expect(try await sqlite.get(old.id) == old)
        let fresh = Fixtures.order(2, customer: "Ada", at: 1_700_000_100)
        #expect(try await sqlite.add(fresh, idempotency: key) == fresh)
        #expect(try await sqlite.add(Fixtures.order(3, at: 1_700_000_200), idempotency: key) == fresh)
        #expect(try await sqlite.list(OrderQuery()).map(\.id) == [old.id, fresh.id])
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
        #expect(
            try await database.read { db in try CoffeeSchema.migrator.appliedMigrations(db) } == [
                "v1", "v2", "v3", "v4", "v5", "v6",
            ])
        #expect(
            try await database.read { db in try db.tableExists("coffeeOrder") || db.tableExists("menuItem") } == false)
    }
}
