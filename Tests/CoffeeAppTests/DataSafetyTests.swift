import Foundation
import TestSupport
import Testing

/// The built `coffee` on files it must not use as they are: written by a newer version,
/// damaged, or not a coffee database; and on a PostgreSQL database a newer version migrated.
@Suite("coffee on newer, damaged and foreign databases")
struct DataSafetyTests {
    let runner = BinaryRunner(product: "coffee")

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// A coffee file with `orders` orders, written by this version and closed.
    func makeFile(_ coffee: Coffee, orders: Int) throws {
        #expect(try coffee.run("order", "--name", "Ada", "--coffee", "latte", "--size", "medium").status == 0)
        guard orders > 1 else { return }
        try SQLiteShell.run(
            coffee.database,
            """
            WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < \(orders))
            INSERT INTO orders (id, customer, customer_key, coffee, size, total_cents, status, created_at, updated_at)
            SELECT lower(hex(randomblob(16))), 'Customer ' || i, 'customer ' || i, 'Latte', 'medium', 450, 'placed',
                   1700000000000 + i, 1700000000000 + i FROM n;
            """)
    }

    @Test("a file a newer version migrated (v99, an orders column this version never fills) is refused, exit 74")
    func newerVersion() throws {
        let coffee = try Coffee()
        try makeFile(coffee, orders: 1)
        try SQLiteShell.run(
            coffee.database,
            """
            INSERT INTO grdb_migrations (identifier) VALUES ('v99');
            ALTER TABLE orders ADD COLUMN loyalty_card TEXT NOT NULL DEFAULT '';
            CREATE TABLE orders_new AS SELECT * FROM orders;
            """)
        let before = try bytes(coffee.database)
        let line =
            "coffee: error: the order database at \(coffee.database) was written by a newer version of coffee (it records migrations v99 this version does not know): upgrade coffee to use it; nothing was changed\n"
        let order = try coffee.run("order", "--name", "Bob", "--coffee", "mocha", "--size", "small")
        #expect(order.status == 74)
        #expect(order.stderr == line)
        #expect(!order.stderr.contains("NOT NULL"))
        let list = try coffee.run("list")
        #expect(list.status == 74)
        #expect(list.stderr == line)
        #expect(list.stdout.isEmpty)
        #expect(try bytes(coffee.database) == before)
    }

    @Test("an orders column another program added and this version never fills: a constraint, not a disk failure")
    func foreignColumn() throws {
        let coffee = try Coffee()
        try makeFile(coffee, orders: 1)
        // Required of every order placed from now on (SQLite checks a new column against the rows there).
        let placed = try SQLiteShell.run(coffee.database, "SELECT max(created_at) FROM orders;")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try SQLiteShell.run(
            coffee.database,
            "ALTER TABLE orders ADD COLUMN loyalty_card TEXT CHECK (loyalty_card IS NOT NULL OR created_at <= \(placed));"
        )
        let order = try coffee.run("order", "--name", "Bob", "--coffee", "mocha", "--size", "small")
        #expect(order.status == 74)
        #expect(
            order.stderr
                == "coffee: error: the database at \(coffee.database) refused the change: CHECK constraint failed: loyalty_card IS NOT NULL OR created_at <= \(placed); its tables are not the ones this version writes (another program or version changed them), so nothing was written\n"
        )
        #expect(!order.stderr.contains("check the disk"))
        #expect(try coffee.orders().count == 1)
    }

    @Test("120 random bytes in the middle of the orders: order and list exit 74 saying it is damaged, nothing written")
    func damaged() throws {
        let coffee = try Coffee()
        try makeFile(coffee, orders: 400)
        try SQLiteShell.damage(coffee.database)
        let before = try bytes(coffee.database)
        let order = try coffee.run("order", "--name", "Bob", "--coffee", "mocha", "--size", "small")
        #expect(order.status == 74, "\(order.stdout)")
        #expect(order.stderr.hasPrefix("coffee: error: the order database at \(coffee.database) is damaged: "))
        #expect(order.stderr.hasSuffix("; restore it from a backup (nothing was written to it)\n"))
        for command in [["list"], ["report"], ["list", "--sort", "total"]] {
            let read = try runner.run(command + ["--db", coffee.database])
            #expect(read.status == 74, "\(command)")
            #expect(read.stdout.isEmpty, "\(command)")
            #expect(read.stderr.contains("is damaged"), "\(command)")
        }
        #expect(try bytes(coffee.database) == before)
    }

    @Test("an empty file and another program's database are not a coffee database: exit 74, left as they were")
    func notACoffeeDatabase() throws {
        let coffee = try Coffee()
        // What a first create that failed on a full disk used to leave: a 0-byte file.
        #expect(FileManager.default.createFile(atPath: coffee.database, contents: Data()))
        for command in [["list"], ["order", "--name", "Ada", "--coffee", "latte", "--size", "small"]] {
            let result = try runner.run(command + ["--db", coffee.database])
            #expect(result.status == 74, "\(command)")
            #expect(
                result.stderr
                    == "coffee: error: \(coffee.database) is not a coffee database (it is empty); pass the right file with --db, or move this one away to start a new order database\n"
            )
            #expect(result.stdout.isEmpty)
        }
        #expect(try bytes(coffee.database).isEmpty)

        let other = coffee.directory.path("recipes.sqlite").path
        try SQLiteShell.run(other, "CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('bread');")
        let before = try bytes(other)
        for command in [["list"], ["order", "--name", "Ada", "--coffee", "latte", "--size", "small"]] {
            let result = try runner.run(command + ["--db", other])
            #expect(result.status == 74, "\(command)")
            #expect(result.stderr.contains("\(other) is not a coffee database (it holds other tables: recipes)"))
        }
        #expect(try bytes(other) == before)
    }

    @Test("a PostgreSQL database a newer version migrated is refused for reading and writing, exit 74")
    func newerPostgres() async throws {
        let url = try await PostgresCluster.makeDatabase()
        let first = try runner.run([
            "order", "--name", "Ada", "--coffee", "latte", "--size", "small", "--database", url,
        ])
        #expect(first.status == 0, "\(first.stderr)")
        try await PostgresCluster.execute(url, "INSERT INTO schema_migrations (id) VALUES ('v99')")
        for command in [["list"], ["order", "--name", "Bob", "--coffee", "mocha", "--size", "small"]] {
            let result = try runner.run(command + ["--database", url])
            #expect(result.status == 74, "\(command)")
            #expect(
                result.stderr
                    == "coffee: error: the order database at \(url) was written by a newer version of coffee (it records migrations v99 this version does not know): upgrade coffee to use it; nothing was changed\n"
            )
        }
        #expect(try await PostgresCluster.execute(url, "SELECT count(*) FROM orders") == "1")
    }
}
