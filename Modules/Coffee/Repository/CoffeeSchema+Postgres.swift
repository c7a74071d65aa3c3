import CoffeeEntity
import Postgres
import PostgresNIO

extension CoffeeSchema {
    /// The same tables on PostgreSQL, snake_case from the start, with the revision counter several servers share.
    ///
    /// Ids are `text COLLATE "C"`, not `uuid`: an id prefix is then a range on the primary key,
    /// sorted byte by byte like SQLite and the in-memory repository, whatever the database's locale.
    /// `order_revisions` holds 16 counters; every change bumps one in its own transaction and a
    /// reader sums them (see `PostgresOrderRepository.revision()` for why 16 and not 1).
    public static let postgres = PostgresMigrations(
        lockKey: 0x636F_6666_6565,  // "coffee"
        [
            .init("v1", v1Postgres),
            // The fingerprint of the request that placed an order under an idempotency key, as SQLite's v3.
            .init("v2", ["ALTER TABLE orders ADD COLUMN request_fingerprint text"]),
            // API tokens (their SHA-256, never the token), as SQLite's v4.
            .init(
                "v3",
                [
                    """
                    CREATE TABLE api_tokens (
                        hash text COLLATE "C" PRIMARY KEY,
                        name text NOT NULL UNIQUE,
                        role text NOT NULL CHECK (role IN ('staff', 'reports')),
                        created_at bigint NOT NULL
                    )
                    """
                ]),
            // The idempotency key's SHA-256 beside its order, unique among keyed orders, as SQLite's v5.
            .init(
                "v4",
                [
                    "ALTER TABLE orders ADD COLUMN idempotency_key text COLLATE \"C\"",
                    """
                    CREATE UNIQUE INDEX orders_idempotency_key ON orders (idempotency_key)
                    WHERE idempotency_key IS NOT NULL
                    """,
                ]),
            // The history by total as an index, as SQLite's v6.
            .init("v5", ["CREATE INDEX orders_by_total ON orders (total_cents DESC, created_at, id)"]),
        ])

    /// How many rows `order_revisions` has.
    static let revisionStripes = 16

    private static var v1Postgres: [PostgresQuery] {
        [
            """
            CREATE TABLE menu_items (
                name text PRIMARY KEY,
                position integer NOT NULL,
                small integer NOT NULL CHECK (small >= 0),
                medium integer NOT NULL CHECK (medium >= 0),
                large integer NOT NULL CHECK (large >= 0)
            )
            """,
            """
            CREATE TABLE orders (
                id text COLLATE "C" PRIMARY KEY,
                customer text NOT NULL CHECK (length(customer) >= 1),
                customer_key text NOT NULL,
                coffee text NOT NULL,
                size text NOT NULL CHECK (size IN ('small', 'medium', 'large')),
                total_cents integer NOT NULL CHECK (total_cents >= 0),
                status text NOT NULL CHECK (status IN ('placed', 'preparing', 'ready', 'completed', 'cancelled')),
                created_at bigint NOT NULL,
                updated_at bigint NOT NULL
            )
            """,
            "CREATE INDEX orders_created_at ON orders (created_at)",
            "CREATE INDEX orders_customer_key ON orders (customer_key)",
            "CREATE INDEX orders_status ON orders (status)",
            "CREATE TABLE order_revisions (stripe smallint PRIMARY KEY, value bigint NOT NULL)",
            "INSERT INTO order_revisions (stripe, value) SELECT s, 0 FROM generate_series(0, \(revisionStripes - 1)) s",
        ]
            + Menu.standard.items.enumerated().map { position, item in
                """
                INSERT INTO menu_items (name, position, small, medium, large)
                VALUES (\(item.name), \(position), \(item.prices.small), \(item.prices.medium), \(item.prices.large))
                """
            }
    }
}
