import CoffeeEntity
import Core
import Foundation
import Postgres
import PostgresNIO

/// Orders in a PostgreSQL database (`CoffeeSchema.postgres`) that several servers share.
///
/// Each change is one transaction at READ COMMITTED. A status change locks the order's row
/// (`SELECT … FOR UPDATE`) and checks the rule on the row as stored: of two servers racing to
/// move one order, the second waits for the first to commit, then reads the moved order and
/// gets `forbiddenMove` (409). A row lock, not SERIALIZABLE: it blocks only writers of that one
/// order and never fails a transaction that could have succeeded, so there is nothing to retry.
public struct PostgresOrderRepository: OrderRepository {
    private let database: PostgresStore
    /// The revision and the menu, each read once for every batch of concurrent requests (see
    /// `BatchedRead`): every GET asks for the revision and every POST prices from the menu.
    private let revisions: BatchedRead<Int64>
    private let menus: BatchedRead<Menu>

    /// A repository over a database migrated with `CoffeeSchema.postgres`.
    public init(database: PostgresStore) {
        self.database = database
        revisions = BatchedRead { try await Self.readRevision(database) }
        menus = BatchedRead { try await Self.readMenu(database) }
    }

    /// Reads the revision the way every list and token check does (`BatchedRead`, the pool, the
    /// call's deadline): ready means requests can be answered, not only that some connection works.
    public func ready() async throws {
        _ = try await revisions.value()
    }

    /// What the shop sells, in menu order.
    public func menu() async throws -> Menu {
        try await menus.value()
    }

    private static func readMenu(_ database: PostgresStore) async throws -> Menu {
        try await database.withConnection(.read) { connection in
            var items: [MenuItem] = []
            let rows = try await connection.query(
                "SELECT name, small, medium, large FROM menu_items ORDER BY position", logger: database.statementLogger)
            for try await (name, small, medium, large) in rows.decode((String, Int, Int, Int).self) {
                items.append(MenuItem(name: name, prices: Prices(small: small, medium: medium, large: large)))
            }
            return Menu(items: items)
        }
    }

    /// The matching orders, filtered and sorted in SQL.
    public func list(_ query: OrderQuery) async throws -> [Order] {
        try await database.withConnection(.read) { connection in
            try await Self.orders(try await connection.query(Self.select(query), logger: database.statementLogger))
        }
    }

    /// The order with `id`.
    public func get(_ id: Order.ID) async throws -> Order {
        try await database.withConnection(.read) { connection in try await fetch(connection, id, locking: false) }
    }

    /// Inserts the order and bumps the revision in one statement; a taken id changes nothing.
    ///
    /// One statement is one transaction in PostgreSQL: the order and the revision commit together
    /// in a single round trip, where BEGIN, INSERT, UPDATE, COMMIT would take four.
    public func add(_ order: Order) async throws -> Order {
        let inserted = try await database.withConnection(.write) { connection in
            try await connection.query(
                """
                WITH inserted AS (
                    INSERT INTO orders (id, customer, customer_key, coffee, size, total_cents, status, created_at, updated_at)
                    VALUES (\(order.idString), \(order.customer), \(OrderQuery.customerKey(order.customer)),
                        \(order.coffee), \(order.size.rawValue), \(order.totalCents), \(order.status.rawValue),
                        \(order.createdAt.millisecondsSince1970), \(order.updatedAt.millisecondsSince1970))
                    ON CONFLICT (id) DO NOTHING RETURNING id
                ), bumped AS (
                    UPDATE order_revisions SET value = value + 1
                    WHERE stripe = pg_backend_pid() % \(CoffeeSchema.revisionStripes) AND EXISTS (SELECT 1 FROM inserted)
                )
                SELECT id FROM inserted
                """, logger: database.statementLogger
            ).collect().count
        }
        // No row returned means the id was there already: a domain conflict, not a storage failure.
        guard inserted == 1 else { throw CoffeeError.duplicateOrder(order: order.shortID) }
        return order
    }

    /// Reads the key's order and, when there is none, inserts it with the request's fingerprint
    /// and bumps the revision, in one statement (one round trip, one transaction, like `add(_:)`).
    ///
    /// Why this is safe across servers: when no order is stored under the key (its digest, in the
    /// unique `idempotency_key` column), the statement takes a transaction-scoped advisory lock named by that digest
    /// (`pg_try_advisory_xact_lock`). Not getting it means another transaction is placing the
    /// order right now: 409, in flight. The lock lasts until that holder commits or rolls back,
    /// and it cannot outlive its holder: a server that dies, or a connection that drops, ends the
    /// transaction and frees the key at once, so no lease is needed. A replay takes no lock, so
    /// replays never make each other 409. An order committed by another server after this
    /// statement took its snapshot is invisible to it, but not to the insert's `ON CONFLICT` (the
    /// key's unique index): nothing is placed, and the statement runs once more, now seeing the
    /// order, and replays it. The unique index on the key's digest is what makes the key once-only.
    public func add(_ order: Order, idempotency: IdempotentRequest) async throws -> Order {
        for _ in 0..<2 {
            if let answer = try await addKeyed(order, idempotency) { return answer }
        }
        // Placed by nobody and stored for nobody twice over: only a random id taken some other way.
        throw CoffeeError.duplicateOrder(order: order.shortID)
    }

    /// The order placed or replayed; `nil` when another transaction placed it after this statement's snapshot.
    private func addKeyed(_ order: Order, _ idempotency: IdempotentRequest) async throws -> Order? {
        let rows = try await database.withConnection(.write) { connection in
            try await connection.query(
                """
                WITH stored AS MATERIALIZED (
                    SELECT id, request_fingerprint FROM orders WHERE idempotency_key = \(idempotency.keyDigest)
                ), locked AS MATERIALIZED (
                    SELECT CASE WHEN EXISTS (SELECT 1 FROM stored) THEN true
                        ELSE pg_try_advisory_xact_lock(hashtextextended(\(idempotency.keyDigest), 0)) END AS taken
                ), placed AS (
                    INSERT INTO orders (id, customer, customer_key, coffee, size, total_cents, status, created_at, updated_at,
                        request_fingerprint, idempotency_key)
                    SELECT \(order.idString), \(order.customer), \(OrderQuery.customerKey(order.customer)),
                        \(order.coffee), \(order.size.rawValue), \(order.totalCents), \(order.status.rawValue),
                        \(order.createdAt.millisecondsSince1970), \(order.updatedAt.millisecondsSince1970),
                        \(idempotency.fingerprint), \(idempotency.keyDigest)
                    WHERE (SELECT taken FROM locked) AND NOT EXISTS (SELECT 1 FROM stored)
                    ON CONFLICT DO NOTHING RETURNING id
                ), bumped AS (
                    UPDATE order_revisions SET value = value + 1
                    WHERE stripe = pg_backend_pid() % \(CoffeeSchema.revisionStripes) AND EXISTS (SELECT 1 FROM placed)
                )
                SELECT (SELECT taken FROM locked), (SELECT id FROM stored),
                    (SELECT request_fingerprint FROM stored), (SELECT count(*) FROM placed)
                """, logger: database.statementLogger
            ).collect().map { try $0.decode((Bool, String?, String?, Int64).self) }
        }
        guard let (taken, storedID, fingerprint, placed) = rows.first else { return nil }
        if let storedID {
            guard let uuid = UUID(uuidString: storedID) else { throw CoffeeError.unreadableOrder(id: storedID) }
            let stored: Order
            do {
                stored = try await get(Order.ID(uuid))
            } catch CoffeeError.orderNotFound {
                return nil  // deleted since: the key is free again
            }
            return try idempotency.replay(stored, fingerprint: fingerprint)
        }
        guard taken else { throw CoffeeError.idempotencyKeyInFlight(key: idempotency.key) }
        return placed == 1 ? order : nil
    }

    /// Locks the order's row, checks the rule on it and writes the new status, in one transaction.
    public func update(_ id: Order.ID, status: OrderStatus, at date: Date) async throws -> Order {
        try await database.write { connection in
            let moved = try await fetch(connection, id, locking: true).moving(to: status, at: date)
            try await connection.query(
                """
                UPDATE orders SET status = \(moved.status.rawValue), updated_at = \(moved.updatedAt.millisecondsSince1970)
                WHERE id = \(moved.idString)
                """, logger: database.statementLogger)
            try await bumpRevision(connection)
            return moved
        }
    }

    /// Reads and deletes the order in one transaction.
    public func delete(_ id: Order.ID) async throws -> Order {
        try await database.write { connection in
            let order = try await fetch(connection, id, locking: true)
            try await connection.query(
                "DELETE FROM orders WHERE id = \(order.idString)", logger: database.statementLogger)
            try await bumpRevision(connection)
            return order
        }
    }

    /// The sum of the revision counters, which every committed change in any process has raised.
    ///
    /// A counter bumped inside the writing transaction, not LISTEN/NOTIFY: a notification arrives
    /// some time after the commit, and a list read in that gap would be cached as current; the
    /// counter is exact the moment the change is visible. One counter row would make every
    /// writer wait for the previous one's commit (its row lock is held until then, so commits
    /// could not share a WAL flush); 16 rows, picked by the server process of the connection,
    /// let concurrent writers proceed while the sum still rises with every change.
    public func revision() async throws -> Int64? {
        try await revisions.value()
    }

    private static func readRevision(_ database: PostgresStore) async throws -> Int64 {
        try await database.withConnection(.read) { connection in
            let rows = try await connection.query(
                "SELECT sum(value)::bigint FROM order_revisions", logger: database.statementLogger)
            for try await value in rows.decode(Int64.self) { return value }
            return 0
        }
    }

    private func bumpRevision(_ connection: PostgresConnection) async throws {
        try await connection.query(
            "UPDATE order_revisions SET value = value + 1 WHERE stripe = pg_backend_pid() % \(CoffeeSchema.revisionStripes)",
            logger: database.statementLogger)
    }

    // MARK: - Rows

    private static let columns = "id, customer, coffee, size, total_cents, status, created_at, updated_at"

    private func fetch(_ connection: PostgresConnection, _ id: Order.ID, locking: Bool) async throws -> Order {
        let key = id.rawValue.uuidString.lowercased()
        let lock = locking ? " FOR UPDATE" : ""
        let rows = try await connection.query(
            PostgresQuery(
                unsafeSQL: "SELECT \(Self.columns) FROM orders WHERE id = $1\(lock)",
                binds: try Self.bindings([key])),
            logger: database.statementLogger)
        guard let order = try await Self.orders(rows).first else { throw CoffeeError.orderNotFound(id: key) }
        return order
    }

    /// The SQL of a query; the sort matches `OrderSort.orders(_:before:)` exactly.
    static func select(_ query: OrderQuery) throws -> PostgresQuery {
        var conditions: [String] = []
        var values: [any PostgresEncodable & Sendable] = []
        func bind(_ value: any PostgresEncodable & Sendable) -> String {
            values.append(value)
            return "$\(values.count)"
        }
        if let status = query.status {
            conditions.append("status = \(bind(status.rawValue))")
        }
        if let customer = query.customer {
            conditions.append("customer_key = \(bind(OrderQuery.customerKey(customer)))")
        }
        if let prefix = query.idPrefix {
            // A range on the primary key instead of LIKE: the index is used and `%` or `_` mean nothing.
            conditions.append("id >= \(bind(prefix.lowercased())) AND id < \(bind(prefix.lowercased() + "\u{7F}"))")
        }
        if let from = query.createdFrom {
            conditions.append("created_at >= \(bind(from.millisecondsSince1970))")
        }
        if let before = query.createdBefore {
            conditions.append("created_at < \(bind(before.millisecondsSince1970))")
        }
        if let after = query.after {
            // Keyset paging: the rows past the cursor in the sort's own order, found through the same index.
            let time = bind(after.createdAt.millisecondsSince1970)
            let id = bind(after.idString)
            if query.sort == .total {
                // The first term seeks `orders_by_total`; the second drops the cursor's own total's
                // orders up to the cursor (the ties, a handful).
                let total = bind(after.totalCents)
                conditions.append(
                    "total_cents <= \(total) AND (total_cents < \(total) OR (created_at, id) > (\(time), \(id)))")
            } else {
                conditions.append("(created_at, id) > (\(time), \(id))")
            }
        }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        // Each sort is an index's order: `orders_by_total`, `orders_created_at`.
        let order = query.sort == .total ? "total_cents DESC, created_at, id" : "created_at, id"
        let limit = query.limit.map { " LIMIT \(bind($0))" } ?? ""
        return PostgresQuery(
            unsafeSQL: "SELECT \(columns) FROM orders\(filter) ORDER BY \(order)\(limit)", binds: try bindings(values))
    }

    private static func bindings(_ values: [any PostgresEncodable & Sendable]) throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { try bindings.append(value) }
        return bindings
    }

    private static func orders(_ rows: PostgresRowSequence) async throws -> [Order] {
        var orders: [Order] = []
        for try await (id, customer, coffee, size, total, status, created, updated) in rows.decode(
            (String, String, String, String, Int, String, Int64, Int64).self)
        {
            guard let uuid = UUID(uuidString: id), let size = Size(rawValue: size),
                let status = OrderStatus(rawValue: status)
            else { throw CoffeeError.unreadableOrder(id: id) }
            orders.append(
                Order(
                    id: Order.ID(uuid), customer: customer, coffee: coffee, size: size, totalCents: total,
                    status: status, createdAt: Date(millisecondsSince1970: created),
                    updatedAt: Date(millisecondsSince1970: updated)))
        }
        return orders
    }
}

extension PostgresOrderRepository: TokenRepository {
    /// Inserts the token's record; a taken name changes nothing.
    public func addToken(_ token: APIToken, hash: String) async throws {
        try await database.write { connection in
            let rows = try await connection.query(
                """
                INSERT INTO api_tokens (hash, name, role, created_at)
                VALUES (\(hash), \(token.name), \(token.role.rawValue), \(token.createdAt.millisecondsSince1970))
                ON CONFLICT DO NOTHING RETURNING name
                """, logger: database.statementLogger)
            guard try await rows.collect().count == 1 else { throw CoffeeError.duplicateTokenName(name: token.name) }
            // The revision covers tokens too, so servers caching token lookups see the change.
            try await bumpRevision(connection)
        }
    }

    /// Every token, oldest first.
    public func tokens() async throws -> [APIToken] {
        try await database.withConnection(.read) { connection in
            try await Self.tokens(
                try await connection.query(
                    "SELECT name, role, created_at FROM api_tokens ORDER BY created_at, name",
                    logger: database.statementLogger))
        }
    }

    /// The token with this hash.
    public func token(hash: String) async throws -> APIToken? {
        try await database.withConnection(.read) { connection in
            try await Self.tokens(
                try await connection.query(
                    "SELECT name, role, created_at FROM api_tokens WHERE hash = \(hash)",
                    logger: database.statementLogger)
            ).first
        }
    }

    /// Deletes the named token.
    public func revokeToken(named name: String) async throws -> APIToken {
        try await database.write { connection in
            guard
                let token = try await Self.tokens(
                    try await connection.query(
                        "DELETE FROM api_tokens WHERE name = \(name) RETURNING name, role, created_at",
                        logger: database.statementLogger)
                ).first
            else { throw CoffeeError.tokenNotFound(name: name) }
            try await bumpRevision(connection)
            return token
        }
    }

    private static func tokens(_ rows: PostgresRowSequence) async throws -> [APIToken] {
        var tokens: [APIToken] = []
        for try await (name, role, created) in rows.decode((String, String, Int64).self) {
            guard let role = TokenRole(rawValue: role) else { continue }
            tokens.append(APIToken(name: name, role: role, createdAt: Date(millisecondsSince1970: created)))
        }
        return tokens
    }
}
