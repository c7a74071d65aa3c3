import CoffeeEntity
import Core
import Database
import Foundation
import Postgres
import PostgresNIO
import TestSupport
import Testing

@testable import CoffeeRepository

/// A page of the history sorted by total is a seek and a walk of `orders_by_total`, on both
/// engines: never a scan of every order, never a sort of them.
@Suite("Query plans of the history's pages")
struct QueryPlanTests {
    /// A page sorted by total after a cursor: the query that must not sort the whole table.
    static let page = OrderQuery(
        sort: .total, after: try? OrderCursor(parsing: "1700000000000_450_00000000-0000-4000-8000-000000000000"),
        limit: 100)

    @Test("SQLite searches orders_by_total and sorts nothing")
    func sqlite() async throws {
        let directory = try TemporaryDirectory()
        let database = try coffeeDatabase(directory.path("coffee.sqlite"))
        #expect(Self.page.after != nil)
        let (sql, arguments) = SQLiteOrderRepository.select(Self.page)
        let plan = try await database.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.hasPrefix("SEARCH orders USING INDEX orders_by_total") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    @Test("PostgreSQL scans orders_by_total and sorts nothing")
    func postgres() async throws {
        try await withPostgresStores(1) { stores in
            let store = stores[0]
            let plan = try await store.withConnection(.read) { connection in
                // The table is empty, so the planner would rightly read it whole, or sort what a bitmap
                // of the index finds. The question is whether the index serves this order and
                // condition at all: with those plans off, a sort shows up only if it does not.
                for setting in ["enable_seqscan", "enable_bitmapscan", "enable_sort"] {
                    try await connection.query(
                        PostgresQuery(unsafeSQL: "SET \(setting) = off"), logger: store.statementLogger)
                }
                let query = try PostgresOrderRepository.select(Self.page)
                let explained = PostgresQuery(unsafeSQL: "EXPLAIN " + query.sql, binds: query.binds)
                var lines: [String] = []
                for try await line in try await connection.query(explained, logger: store.statementLogger)
                    .decode(String.self)
                {
                    lines.append(line)
                }
                return lines
            }
            #expect(plan.contains { $0.contains("Index Scan using orders_by_total") }, "\(plan)")
            #expect(!plan.contains { $0.contains("Sort") }, "\(plan)")
        }
    }
}
