import CoffeeEntity
import Core
import Database
import Foundation

/// Orders in a local SQLite file (`CoffeeSchema`), shared safely by several processes at once.
///
/// Every read and change of orders goes through `AppDatabase.read`/`write`, so SQLite's
/// failures arrive as `StorageError`; only the revision watcher (below) opens a read-only
/// connection of its own, for `PRAGMA data_version`. Every change is one IMMEDIATE transaction: the write lock is taken up front,
/// so two processes never deadlock upgrading a read lock, and the busy timeout makes the second
/// wait instead of failing with "database is locked". A status change reads and writes the
/// order inside that one transaction.
public struct SQLiteOrderRepository: OrderRepository {
    private let database: AppDatabase
    /// A connection of its own that only asks `PRAGMA data_version`: the number changes when
    /// any other connection (the pool's writer, another process) commits. The pool's readers
    /// cannot answer it: each connection counts on its own, so two readers disagree.
    private let watcher: DatabaseQueue?

    /// Creates a repository over a database migrated with `CoffeeSchema.migrator`.
    public init(database: AppDatabase) {
        self.database = database
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(AppDatabase.defaultBusyTimeout)
        // An in-memory database has no second connection to watch it from: no revision, no caching.
        watcher = database.path.flatMap { try? DatabaseQueue(path: $0, configuration: configuration) }
    }

    /// Reads `SELECT 1` through the pool: the file opens and a reader answers.
    public func ready() async throws {
        _ = try await database.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    /// What the shop sells, in menu order.
    public func menu() async throws -> Menu {
        try await database.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT name, small, medium, large FROM menu_items ORDER BY position")
            return Menu(
                items: rows.map { row in
                    MenuItem(
                        name: row["name"],
                        prices: Prices(small: row["small"], medium: row["medium"], large: row["large"]))
                })
        }
    }

    /// The matching orders, filtered and sorted in SQL.
    public func list(_ query: OrderQuery) async throws -> [Order] {
        let (sql, arguments) = Self.select(query)
        return try await database.read { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.order)
        }
    }

    /// The order with `id`.
    public func get(_ id: Order.ID) async throws -> Order {
        try await database.read { db in try Self.fetch(db, id) }
    }

    /// Inserts the order in its own transaction; a taken id changes nothing.
    public func add(_ order: Order) async throws -> Order {
        try await database.write { db in
            try Self.insert(db, order)
            return order
        }
    }

    // The statements of placing an order are prepared once per connection (`cachedStatement`):
    // compiling them, with GRDB's authorizer, cost more than running them.
    private static func insert(_ db: GRDB.Database, _ order: Order, idempotency: IdempotentRequest? = nil) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO orders (id, customer, customer_key, coffee, size, total_cents, status, created_at, updated_at,
                    request_fingerprint, idempotency_key)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """
        ).execute(
            arguments: [
                order.idString, order.customer, OrderQuery.customerKey(order.customer), order.coffee,
                order.size.rawValue, order.totalCents, order.status.rawValue,
                order.createdAt.millisecondsSince1970, order.updatedAt.millisecondsSince1970,
                idempotency?.fingerprint, idempotency?.keyDigest,
            ])
        // No row written means the id was there already: a domain conflict, not a storage failure.
        guard db.changesCount == 1 else { throw CoffeeError.duplicateOrder(order: order.shortID) }
    }

    /// Reads the key's order and, when there is none, inserts it, in one IMMEDIATE transaction.
    ///
    /// Safe without an "in flight" state: the transaction takes SQLite's write lock before it
    /// reads, so of two requests with one key (in this process or another), the second reads
    /// only after the first committed its order, and replays it. A holder that dies
    /// mid-transaction leaves nothing behind (SQLite rolls the journal back), so no key is ever stuck.
    public func add(_ order: Order, idempotency: IdempotentRequest) async throws -> Order {
        try await database.write { db in
            if let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT \(Self.columns), request_fingerprint FROM orders WHERE idempotency_key = ?"),
                arguments: [idempotency.keyDigest])
            {
                return try idempotency.replay(try Self.order(row), fingerprint: row["request_fingerprint"])
            }
            try Self.insert(db, order, idempotency: idempotency)
            return order
        }
    }

    /// Reads, checks and writes the status in one transaction.
    public func update(_ id: Order.ID, status: OrderStatus, at date: Date) async throws -> Order {
        try await database.write { db in
            let moved = try Self.fetch(db, id).moving(to: status, at: date)
            try db.execute(
                sql: "UPDATE orders SET status = ?, updated_at = ? WHERE id = ?",
                arguments: [moved.status.rawValue, moved.updatedAt.millisecondsSince1970, moved.idString])
            return moved
        }
    }

    /// Reads and deletes the order in one transaction.
    public func delete(_ id: Order.ID) async throws -> Order {
        try await database.write { db in
            let order = try Self.fetch(db, id)
            try db.execute(sql: "DELETE FROM orders WHERE id = ?", arguments: [order.idString])
            return order
        }
    }

    /// SQLite's data version seen from the watching connection.
    public func revision() async throws -> Int64? {
        guard let watcher else { return nil }
        do {
            return try Self.dataVersion(watcher)
        } catch let error as DatabaseError {
            throw StorageError(
                .read, path: database.path, reason: error.message ?? "SQLite error \(error.resultCode.rawValue)")
        }
    }

    /// Synchronous and outside a transaction: one cached pragma costs less than a thread hop
    /// or a BEGIN/COMMIT, and it is asked on every cached GET.
    private static func dataVersion(_ watcher: DatabaseQueue) throws -> Int64? {
        try watcher.unsafeRead { db in try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) }
    }

    // MARK: - Rows

    private static let columns = "id, customer, coffee, size, total_cents, status, created_at, updated_at"

    private static func fetch(_ db: GRDB.Database, _ id: Order.ID) throws -> Order {
        let key = id.rawValue.uuidString.lowercased()
        guard let row = try Row.fetchOne(db, sql: "SELECT \(columns) FROM orders WHERE id = ?", arguments: [key]) else {
            throw CoffeeError.orderNotFound(id: key)
        }
        return try order(row)
    }

    /// The SQL of a query; the sort matches `OrderSort.orders(_:before:)` exactly.
    static func select(_ query: OrderQuery) -> (String, StatementArguments) {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let status = query.status {
            conditions.append("status = ?")
            arguments += [status.rawValue]
        }
        if let customer = query.customer {
            conditions.append("customer_key = ?")
            arguments += [OrderQuery.customerKey(customer)]
        }
        if let prefix = query.idPrefix {
            // A range on the primary key instead of LIKE: the index is used and `%` or `_` mean nothing.
            conditions.append("id >= ? AND id < ?")
            arguments += [prefix.lowercased(), prefix.lowercased() + "\u{7F}"]
        }
        if let from = query.createdFrom {
            conditions.append("created_at >= ?")
            arguments += [from.millisecondsSince1970]
        }
        if let before = query.createdBefore {
            conditions.append("created_at < ?")
            arguments += [before.millisecondsSince1970]
        }
        if let after = query.after {
            // Keyset paging: the rows past the cursor in the sort's own order, found through the same index.
            let time = after.createdAt.millisecondsSince1970
            if query.sort == .total {
                // The first term seeks `orders_by_total`; the second drops the cursor's own total's
                // orders up to the cursor (the ties, a handful).
                conditions.append("total_cents <= ? AND (total_cents < ? OR (created_at, id) > (?, ?))")
                arguments += [after.totalCents, after.totalCents, time, after.idString]
            } else {
                conditions.append("(created_at, id) > (?, ?)")
                arguments += [time, after.idString]
            }
        }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        // Each sort is an index's order: `orders_by_total`, `orders_created_at`.
        let order = query.sort == .total ? "total_cents DESC, created_at, id" : "created_at, id"
        var limit = ""
        if let count = query.limit {
            limit = " LIMIT ?"
            arguments += [count]
        }
        return ("SELECT \(columns) FROM orders\(filter) ORDER BY \(order)\(limit)", arguments)
    }

    /// An order from a row of `columns`, read by position (by name costs a lookup per field).
    private static func order(_ row: Row) throws -> Order {
        let idText: String = row[0]
        guard let uuid = UUID(uuidString: idText),
            let size = Size(rawValue: row[3]),
            let status = OrderStatus(rawValue: row[5])
        else {
            throw CoffeeError.unreadableOrder(id: idText)
        }
        return Order(
            id: Order.ID(uuid), customer: row[1], coffee: row[2], size: size, totalCents: row[4], status: status,
            createdAt: Date(millisecondsSince1970: row[6]), updatedAt: Date(millisecondsSince1970: row[7]))
    }
}

extension SQLiteOrderRepository: TokenRepository {
    /// Inserts the token's record; a taken name changes nothing.
    public func addToken(_ token: APIToken, hash: String) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO api_tokens (hash, name, role, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                arguments: [hash, token.name, token.role.rawValue, token.createdAt.millisecondsSince1970])
            guard db.changesCount == 1 else { throw CoffeeError.duplicateTokenName(name: token.name) }
        }
    }

    /// Every token, oldest first.
    public func tokens() async throws -> [APIToken] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT name, role, created_at FROM api_tokens ORDER BY created_at, name")
                .compactMap(Self.token)
        }
    }

    /// The token with this hash.
    public func token(hash: String) async throws -> APIToken? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT name, role, created_at FROM api_tokens WHERE hash = ?", arguments: [hash])
                .flatMap(Self.token)
        }
    }

    /// Deletes the named token.
    public func revokeToken(named name: String) async throws -> APIToken {
        try await database.write { db in
            guard
                let token = try Row.fetchOne(
                    db, sql: "SELECT name, role, created_at FROM api_tokens WHERE name = ?", arguments: [name]
                ).flatMap(Self.token)
            else { throw CoffeeError.tokenNotFound(name: name) }
            try db.execute(sql: "DELETE FROM api_tokens WHERE name = ?", arguments: [name])
            return token
        }
    }

    /// A token record; a role this build does not know is left out (it grants nothing).
    private static func token(_ row: Row) -> APIToken? {
        guard let role = TokenRole(rawValue: row[1]) else { return nil }
        return APIToken(name: row[0], role: role, createdAt: Date(millisecondsSince1970: row[2]))
    }
}
