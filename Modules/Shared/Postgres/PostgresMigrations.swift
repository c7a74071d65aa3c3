import Core
import PostgresNIO

/// A schema's migrations, applied in order, each once, by whichever process gets there first.
///
/// Ids name versions (`v1`, `v2`, …) as the SQLite schemas do, and the applied ones are kept in
/// the schema's own table (`schema_migrations` unless it names another, so two features can share
/// one database, each with its `v1`). The whole run is one transaction under an advisory lock: two servers
/// started together never apply a migration twice, and a failure leaves the schema as it was
/// (PostgreSQL's DDL is transactional). A migration, once released, never changes.
public struct PostgresMigrations: Sendable {
    /// One version: its id and its statements (one statement each: the extended protocol takes no lists).
    public struct Migration: Sendable {
        public let id: String
        public let statements: [PostgresQuery]

        public init(_ id: String, _ statements: [PostgresQuery]) {
            self.id = id
            self.statements = statements
        }
    }

    /// A number that names this schema's lock (any constant of the schema's own).
    let lockKey: Int64
    /// The table that records the applied ids.
    let table: String
    let migrations: [Migration]

    /// Migrations under the advisory lock `lockKey`, oldest first, recorded in `table` (a plain
    /// lower-case SQL name).
    public init(lockKey: Int64, table: String = "schema_migrations", _ migrations: [Migration]) {
        self.lockKey = lockKey
        self.table = table
        self.migrations = migrations
    }

    /// Applies what `database` lacks and returns every applied id, oldest first.
    ///
    /// A database that records an id this version does not know was migrated by a newer one:
    /// it is refused (`StorageError`, `.newerVersion`, listing the ids) before anything is
    /// written, for reading as well as writing, as a SQLite file is (`AppDatabase` says why).
    ///
    /// - Throws: `StorageError` (`.newerVersion`, or the server's failure).
    @discardableResult
    public func apply(to database: PostgresStore) async throws -> [String] {
        let logger = database.statementLogger
        // Once per start, and possibly after another server's migration (the advisory lock): a
        // longer deadline than a request's, still a bounded one.
        return try await database.write(within: .seconds(60)) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
            // The table's name is the schema's constant, never input: it is written into the statement.
            try await connection.query(
                PostgresQuery(
                    unsafeSQL:
                        "CREATE TABLE IF NOT EXISTS \(table) (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
                ), logger: logger)
            var applied: [String] = []
            for try await id in try await connection.query(
                PostgresQuery(unsafeSQL: "SELECT id FROM \(table)"), logger: logger
            )
            .decode(String.self) {
                applied.append(id)
            }
            let unknown = applied.filter { id in !migrations.contains { $0.id == id } }
            guard unknown.isEmpty else {
                throw StorageError(
                    .open, path: database.redactedURL, reason: unknown.sorted().joined(separator: ", "),
                    cause: .newerVersion)
            }
            for migration in migrations where !applied.contains(migration.id) {
                for statement in migration.statements {
                    try await connection.query(statement, logger: logger)
                }
                var insert = PostgresBindings()
                insert.append(migration.id)
                try await connection.query(
                    PostgresQuery(unsafeSQL: "INSERT INTO \(table) (id) VALUES ($1)", binds: insert), logger: logger)
                applied.append(migration.id)
            }
            return migrations.map(\.id).filter(applied.contains)
        }
    }
}
