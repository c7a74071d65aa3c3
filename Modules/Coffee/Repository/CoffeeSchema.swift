import CoffeeEntity
import Database

/// The coffee database's schema: one migration per version, each run in its own transaction by `AppDatabase`.
///
/// Tables are snake_case plural nouns and times INTEGER whole milliseconds since 1970 (UTC),
/// as in every feature. A migration, once released, never changes: files written by it must
/// keep being recognised, so a change of shape is a new migration.
public enum CoffeeSchema {
    /// Every migration, oldest first.
    /// SQLite's `application_id` of this feature's files ("STCF" in ASCII): a file holding another
    /// feature's number is refused as not ours, though its migration ids look alike.
    public static let applicationID: Int32 = 0x5354_4346

    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: v1)
        migrator.registerMigration("v2", migrate: v2)
        migrator.registerMigration("v3", migrate: v3)
        migrator.registerMigration("v4", migrate: v4)
        migrator.registerMigration("v5", migrate: v5)
        migrator.registerMigration("v6", migrate: v6)
        return migrator
    }

    /// Migration ids as files written before their rename recorded them, and their ids now.
    public static let renamedMigrations = ["v1: menu and orders": "v1"]

    /// The first schema, camelCase as it shipped (times were INTEGER milliseconds already).
    private static func v1(_ db: GRDB.Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE menuItem (
                    name TEXT PRIMARY KEY COLLATE NOCASE,
                    position INTEGER NOT NULL,
                    small INTEGER NOT NULL CHECK (small >= 0),
                    medium INTEGER NOT NULL CHECK (medium >= 0),
                    large INTEGER NOT NULL CHECK (large >= 0)
                );
                CREATE TABLE coffeeOrder (
                    id TEXT PRIMARY KEY NOT NULL,
                    customer TEXT NOT NULL CHECK (length(customer) >= 1),
                    customerKey TEXT NOT NULL,
                    coffee TEXT NOT NULL,
                    size TEXT NOT NULL CHECK (size IN ('small', 'medium', 'large')),
                    totalCents INTEGER NOT NULL CHECK (totalCents >= 0),
                    status TEXT NOT NULL CHECK (status IN ('placed', 'preparing', 'ready', 'completed', 'cancelled')),
                    createdAt INTEGER NOT NULL,
                    updatedAt INTEGER NOT NULL
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

    /// The shared convention: snake_case plural tables and snake_case columns, renamed in place.
    ///
    /// `ALTER TABLE … RENAME` keeps every row and rewrites the CHECK constraints and indexes that
    /// name a column; the indexes are then recreated under snake_case names.
    private static func v2(_ db: GRDB.Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE menuItem RENAME TO menu_items;
                ALTER TABLE coffeeOrder RENAME TO orders;
                ALTER TABLE orders RENAME COLUMN customerKey TO customer_key;
                ALTER TABLE orders RENAME COLUMN totalCents TO total_cents;
                ALTER TABLE orders RENAME COLUMN createdAt TO created_at;
                ALTER TABLE orders RENAME COLUMN updatedAt TO updated_at;
                DROP INDEX coffeeOrder_createdAt;
                DROP INDEX coffeeOrder_customerKey;
                DROP INDEX coffeeOrder_status;
                CREATE INDEX orders_created_at ON orders (created_at);
                CREATE INDEX orders_customer_key ON orders (customer_key);
                CREATE INDEX orders_status ON orders (status);
                """)
    }

    /// The fingerprint of the request that placed an order under an idempotency key (the
    /// order's id comes from the key, see `IdempotentRequest`); `NULL` for an order placed without one.
    private static func v3(_ db: GRDB.Database) throws {
        try db.execute(sql: "ALTER TABLE orders ADD COLUMN request_fingerprint TEXT")
    }

    /// API tokens: the SHA-256 of each token (never the token), a unique name and a role.
    private static func v4(_ db: GRDB.Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE api_tokens (
                    hash TEXT PRIMARY KEY NOT NULL,
                    name TEXT NOT NULL UNIQUE,
                    role TEXT NOT NULL CHECK (role IN ('staff', 'reports')),
                    created_at INTEGER NOT NULL
                );
                """)
    }

    /// The idempotency key beside its order (its SHA-256, `IdempotentRequest.keyDigest`), unique
    /// among keyed orders: the order's id is random, never derived from the key. Orders placed
    /// with a key before this migration keep their ids, but their keys are not known any more.
    private static func v5(_ db: GRDB.Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE orders ADD COLUMN idempotency_key TEXT;
                CREATE UNIQUE INDEX orders_idempotency_key ON orders (idempotency_key) WHERE idempotency_key IS NOT NULL;
                """)
    }

    /// The history sorted by total, dearest first, ties by time then id (`OrderSort.total`), as an
    /// index: a page of it is a seek to the cursor's total and a walk, never a scan and a sort of
    /// every order.
    private static func v6(_ db: GRDB.Database) throws {
        try db.execute(sql: "CREATE INDEX orders_by_total ON orders (total_cents DESC, created_at, id)")
    }
}
