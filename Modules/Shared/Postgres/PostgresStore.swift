import Core
import Logging
import PostgresNIO
import ServiceLifecycle

/// A PostgreSQL database shared by any number of processes: a pool of connections, run as a service.
///
/// The pool (postgres-nio's `PostgresClient`) opens connections on demand and must be running
/// while the database is used: `coffee serve` runs it beside the HTTP server under
/// service-lifecycle, and a one-off command runs it around its work (`run(_:)`).
/// Every failure of the server or the connection arrives as `StorageError` naming the redacted
/// URL; errors the caller's closures throw (a feature's own cases) pass through unchanged.
public final class PostgresStore: Service {
    /// The database, with its password.
    public let location: PostgresLocation
    private let client: PostgresClient
    private let logger: Logger

    /// A pool for `location` of at most `maximumConnections` connections; nothing connects until it runs.
    public init(location: PostgresLocation, maximumConnections: Int = 20) {
        self.location = location
        var configuration = location.configuration
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = .seconds(5)
        var logger = Logger(label: "strata.postgres")
        // Background connection errors reach the caller as StorageError; logging them as well would
        // print the same failure twice, and postgres-nio's own lines are not ours to word.
        logger.logLevel = .critical
        self.logger = logger
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    }

    /// The URL without its password, for messages.
    public var redactedURL: String { location.redacted }

    /// Runs the pool until the task is cancelled or the service group shuts down gracefully (`Service`).
    public func run() async {
        await client.run()
    }

    /// Runs `body` while the pool runs, then stops the pool: for a command that is not a server.
    public func run<Result: Sendable>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async throws -> Result {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.run() }
            defer { group.cancelAll() }
            return try await body()
        }
    }

    /// Connects once outside the pool and hangs up: an unreachable server, a wrong password or a
    /// missing database fails now, with its reason. The pool would keep retrying instead, and a
    /// request would wait for it forever.
    ///
    /// - Throws: `StorageError(.open)` naming the redacted URL.
    public func checkReachable() async throws {
        do {
            let connection = try await PostgresConnection.connect(
                on: PostgresClient.defaultEventLoopGroup.any(), configuration: try location.connectionConfiguration(),
                id: 0, logger: logger
            ).get()
            try await connection.close()
        } catch let error as PSQLError {
            throw PostgresFailure.storageError(error, operation: .open, url: redactedURL)
        } catch {
            throw StorageError(.open, path: redactedURL, reason: PostgresFailure.reason(error))
        }
    }

    /// Runs `body` on a pooled connection, outside a transaction (each statement commits on its own).
    public func read<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        try await mappingFailures(.read) {
            try await client.withConnection { connection in try await body(connection) }
        }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    public func write<Result: Sendable>(_ body: (PostgresConnection) async throws -> Result) async throws -> Result {
        try await mappingFailures(.write) {
            try await client.withConnection { connection in
                try await connection.query("BEGIN", logger: logger)
                do {
                    let result = try await body(connection)
                    try await connection.query("COMMIT", logger: logger)
                    return result
                } catch {
                    // A failed ROLLBACK means the connection is gone: the server rolls back on its own.
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
            }
        }
    }

    /// The logger every statement of this database is sent with.
    public var statementLogger: Logger { logger }

    private func mappingFailures<Result>(
        _ operation: StorageError.Operation, _ body: () async throws -> Result
    ) async throws -> Result {
        do {
            return try await body()
        } catch let error as PSQLError {
            throw PostgresFailure.storageError(error, operation: operation, url: redactedURL)
        }
    }
}
