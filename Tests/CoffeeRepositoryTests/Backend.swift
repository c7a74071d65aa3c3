import CoffeeEntity
import CoffeeRepository
import Foundation
import Postgres
import TestSupport
import Testing

/// The stores every `OrderRepository` contract test runs on: one suite, so no behaviour can differ unnoticed.
enum Backend: String, CaseIterable, CustomTestStringConvertible {
    case inMemory = "in memory"
    case sqlite = "SQLite"
    case postgres = "PostgreSQL"

    var testDescription: String { rawValue }

    /// Runs `body` with two repositories on one new, empty store, as two processes would have
    /// them: separate SQLite connections or PostgreSQL pools (in memory, the same repository twice).
    func withRepositories(
        _ body: (_ first: any OrderRepository, _ second: any OrderRepository) async throws -> Void
    ) async throws {
        switch self {
        case .inMemory:
            let memory = InMemoryOrderRepository()
            try await body(memory, memory)
        case .sqlite:
            let directory = try TemporaryDirectory()
            let url = directory.path("coffee.sqlite")
            try await body(
                SQLiteOrderRepository(database: try coffeeDatabase(url)),
                SQLiteOrderRepository(database: try coffeeDatabase(url)))
        case .postgres:
            try await withPostgresStores(2) { stores in
                try await body(
                    PostgresOrderRepository(database: stores[0]), PostgresOrderRepository(database: stores[1]))
            }
        }
    }

    /// Runs `body` with a repository on a new, empty store.
    func withRepository(_ body: (any OrderRepository) async throws -> Void) async throws {
        try await withRepositories { first, _ in try await body(first) }
    }
}

/// Runs `body` with `count` pools on one new database of the test cluster, migrated, all running.
func withPostgresStores(
    _ count: Int, maximumConnections: Int = 8, _ body: ([PostgresStore]) async throws -> Void
) async throws {
    let url = try await PostgresCluster.makeDatabase()
    let location = try #require(PostgresLocation(url))
    // A deadline of 30 s, not the servers' 5: these tests check what is stored, and a full test
    // run on 2 cores (browsers and servers beside it) can hold one test cluster's answers past 5 s.
    let stores = (0..<count).map { _ in
        PostgresStore(location: location, maximumConnections: maximumConnections, deadline: .seconds(30))
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
        for store in stores { group.addTask { await store.run() } }
        defer { group.cancelAll() }
        try await CoffeeSchema.postgres.apply(to: stores[0])
        try await body(stores)
    }
}
