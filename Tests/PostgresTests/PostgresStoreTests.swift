import Core
import Postgres
import PostgresNIO
import TestSupport
import Testing

@Suite("PostgreSQL store on a real server")
struct PostgresStoreTests {
    /// 30 s, not the servers' 5: these tests check what the server answers, and a full run on two
    /// cores (browsers, clusters, builds beside it) has kept an answer past 5 s. The 5 s deadline
    /// itself is tested on the built coffee server (PostgresFaultsTests).
    static let deadline: Duration = .seconds(30)

    let migrations = PostgresMigrations(
        lockKey: 42,
        [
            .init("v1", ["CREATE TABLE items (id integer PRIMARY KEY, name text NOT NULL)"]),
            .init(
                "v2", ["ALTER TABLE items ADD COLUMN note text", "INSERT INTO items (id, name) VALUES (1, 'first')"]),
        ])

    @Test("migrations apply once, even when several servers start together")
    func migrationsOnce() async throws {
        let location = try #require(PostgresLocation(try await PostgresCluster.makeDatabase()))
        let stores = (0..<4).map { _ in
            PostgresStore(location: location, maximumConnections: 2, deadline: Self.deadline)
        }
        try await withThrowingTaskGroup(of: [String].self) { group in
            for store in stores {
                group.addTask {
                    await store.run()
                    return []
                }
            }
            for store in stores { group.addTask { try await migrations.apply(to: store) } }
            var applied: [[String]] = []
            for _ in stores { if let result = try await group.next() { applied.append(result) } }
            #expect(applied == Array(repeating: ["v1", "v2"], count: 4))
            let count = try await stores[0].withConnection(.read) { connection in
                try await connection.query("SELECT count(*)::bigint FROM items", logger: stores[0].statementLogger)
                    .collect().first?.decode(Int64.self)
            }
            #expect(count == 1)
            group.cancelAll()
        }
    }

    @Test("two schemas with their own migrations tables share one database, each with its own v1")
    func ownMigrationsTables() async throws {
        let location = try #require(PostgresLocation(try await PostgresCluster.makeDatabase()))
        let store = PostgresStore(location: location, maximumConnections: 2, deadline: Self.deadline)
        let other = PostgresMigrations(
            lockKey: 43, table: "other_migrations", [.init("v1", ["CREATE TABLE others (id integer PRIMARY KEY)"])])
        try await store.run { () async throws in
            #expect(try await migrations.apply(to: store) == ["v1", "v2"])
            #expect(try await other.apply(to: store) == ["v1"])
            // Each again: nothing new, and neither takes the other's ids for a newer version's.
            #expect(try await migrations.apply(to: store) == ["v1", "v2"])
            #expect(try await other.apply(to: store) == ["v1"])
        }
    }

    @Test("a notification wakes a listener of its channel, from another connection; its first wake-up says it listens")
    func notifications() async throws {
        let location = try #require(PostgresLocation(try await PostgresCluster.makeDatabase()))
        let store = PostgresStore(location: location, maximumConnections: 2, deadline: Self.deadline)
        try await store.run {
            var wakeUps = store.notifications(on: "strata_test").makeAsyncIterator()
            #expect(await wakeUps.next() != nil)
            _ = try await store.withConnection(.write) { connection in
                try await connection.query("SELECT pg_notify('strata_test', 'hello')", logger: store.statementLogger)
            }
            #expect(await wakeUps.next() != nil)
        }
    }

    @Test("a write that throws is rolled back; the caller's error comes through unchanged")
    func rollback() async throws {
        struct Refused: Error, Equatable {}
        let location = try #require(PostgresLocation(try await PostgresCluster.makeDatabase()))
        let store = PostgresStore(location: location, deadline: Self.deadline)
        try await store.run {
            try await migrations.apply(to: store)
            await #expect(throws: Refused()) {
                try await store.write { connection in
                    try await connection.query(
                        "INSERT INTO items (id, name) VALUES (2, 'second')", logger: store.statementLogger)
                    throw Refused()
                }
            }
            let names = try await store.withConnection(.read) { connection in
                try await connection.query("SELECT name FROM items ORDER BY id", logger: store.statementLogger)
                    .collect().map { try $0.decode(String.self) }
            }
            #expect(names == ["first"])
        }
    }

    @Test("a constraint checked at COMMIT fails the write with the server's message, and nothing is kept")
    func commitFailure() async throws {
        let location = try #require(PostgresLocation(try await PostgresCluster.makeDatabase()))
        let store = PostgresStore(location: location, deadline: Self.deadline)
        try await store.run {
            try await store.write { connection in
                _ = try await connection.query(
                    "CREATE TABLE tags (name text UNIQUE DEFERRABLE INITIALLY DEFERRED)", logger: store.statementLogger)
            }
            let error = await #expect(throws: StorageError.self) {
                try await store.write { connection in
                    _ = try await connection.query(
                        "INSERT INTO tags VALUES ('a'), ('a')", logger: store.statementLogger)
                }
            }
            #expect(error?.reason.hasSuffix("(SQLSTATE 23505)") == true, "\(String(describing: error))")
            let count = try await store.withConnection(.read) { connection in
                try await connection.query("SELECT count(*)::bigint FROM tags", logger: store.statementLogger)
                    .collect().first?.decode(Int64.self)
            }
            #expect(count == 0)
        }
    }

    @Test("a server error, in a read or a write, is a StorageError with its message and SQLSTATE, and no password")
    func serverError() async throws {
        let url = try await PostgresCluster.makeDatabase()
        let location = try #require(PostgresLocation(url.replacingOccurrences(of: "strata@", with: "strata:hunter2@")))
        let store = PostgresStore(location: location, deadline: Self.deadline)
        try await store.run {
            let error = await #expect(throws: StorageError.self) {
                try await store.withConnection(.read) { connection in
                    _ = try await connection.query("SELECT * FROM no_such_table", logger: store.statementLogger)
                }
            }
            #expect(error?.reason == #"relation "no_such_table" does not exist (SQLSTATE 42P01)"#)
            #expect(error?.path == location.redacted)
            #expect(error?.path?.contains("hunter2") == false)
            // In a write the statement runs inside postgres-nio's transaction, which wraps its error.
            let failedWrite = await #expect(throws: StorageError.self) {
                try await store.write { connection in
                    _ = try await connection.query(
                        "INSERT INTO no_such_table VALUES (1)", logger: store.statementLogger)
                }
            }
            #expect(failedWrite?.reason == #"relation "no_such_table" does not exist (SQLSTATE 42P01)"#)
            #expect(failedWrite?.operation == .write)
        }
    }

    @Test("a server that refuses the connection is a StorageError naming the URL", .timeLimit(.minutes(1)))
    func cannotConnect() async throws {
        // Port 1 on loopback: nothing listens there, so the connection is refused at once.
        let location = try #require(PostgresLocation("postgres://ada:hunter2@127.0.0.1:1/orders?sslmode=disable"))
        let store = PostgresStore(location: location, deadline: Self.deadline)
        let error = await #expect(throws: StorageError.self) { try await store.checkReachable() }
        #expect(error?.operation == .open)
        #expect(error?.reason == "could not connect: connection refused")
        #expect(error?.path == "postgres://ada@127.0.0.1:1/orders")
        #expect(error.map { String(describing: $0) }?.contains("hunter2") == false)
    }

    @Test("a database that does not exist is reported by the server, before any query")
    func missingDatabase() async throws {
        let url = try await PostgresCluster.makeDatabase()
        let location = try #require(PostgresLocation(url + "_missing"))
        let error = await #expect(throws: StorageError.self) {
            try await PostgresStore(location: location, deadline: Self.deadline).checkReachable()
        }
        #expect(error?.reason.contains("does not exist (SQLSTATE 3D000)") == true)
    }
}
