import Core
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// A PostgreSQL database shared by any number of processes: a pool of connections, run as a service.
///
/// The pool (postgres-nio's `PostgresClient`) opens connections on demand and must be running
/// while the database is used: `coffee serve` runs it beside the HTTP server under
/// service-lifecycle, and a one-off command runs it around its work (`run(_:)`).
/// Every failure of the server or the connection arrives as `StorageError` naming the redacted
/// URL; errors the caller's closures throw (a feature's own cases) pass through unchanged.
///
/// Every call has a deadline (`deadline`, waiting for a pooled connection included): a server
/// that stopped answering, or a network gone quiet, fails the call with
/// `StorageError(cause: .unavailable)` instead of holding it for good.
public final class PostgresStore: Service {
    /// How long a call may take by default: 5 s, a thousand times what one takes on a healthy
    /// server, and as long as connecting may take.
    public static let defaultDeadline: Duration = .seconds(5)

    /// The database, with its password.
    public let location: PostgresLocation
    /// How long a call (`withConnection`, `write`) may take, waiting for a connection included.
    public let deadline: Duration
    private let client: PostgresClient
    private let logger: Logger
    private let outages: OutageLog

    /// A pool for `location` of at most `maximumConnections` connections; nothing connects until it runs.
    public init(location: PostgresLocation, maximumConnections: Int = 20, deadline: Duration = defaultDeadline) {
        self.location = location
        self.deadline = deadline
        outages = OutageLog(url: location.redacted)
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

    /// Runs `body` while the pool runs, after checking the server answers (`checkReachable()`)
    /// and applying `schema`'s migrations, then stops the pool: a feature's `run` for commands.
    public func run<Result: Sendable>(
        isolation: isolated (any Actor)? = #isolation, migrating schema: PostgresMigrations,
        _ body: () async throws -> Result
    ) async throws -> Result {
        try await checkReachable()
        return try await run {
            try await schema.apply(to: self)
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
        } catch {
            throw PostgresFailure.storageError(error, operation: .open, location: location)
        }
    }

    /// Logs a warning to stderr when the database stops answering, once per outage, and one when
    /// it answers again: for a server, which goes on serving meanwhile. `level` is the lowest level
    /// logged (a swift-log level's name; above `warning`, nothing of this is logged).
    public func logOutages(level: String = "warning") {
        outages.start(level: Logger.Level(rawValue: level) ?? .warning)
    }

    /// Runs `body` on a pooled connection, outside a transaction: each statement commits on its
    /// own, as one `INSERT … RETURNING` needs no more. A failure is reported as `operation`.
    public func withConnection<Result: Sendable>(
        _ operation: StorageError.Operation, _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let client = client
        return try await mappingFailures(operation, within: deadline) {
            try await client.withConnection { connection in
                try await CallerFailure.marking { try await body(connection) }
            }
        }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    /// `deadline` replaces the store's for this call (a migration, which may wait for another server's).
    public func write<Result: Sendable>(
        within deadline: Duration? = nil, _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let (client, logger) = (client, logger)
        return try await mappingFailures(.write, within: deadline ?? self.deadline) {
            do {
                return try await client.withTransaction(logger: logger) { connection in
                    try await CallerFailure.marking { try await body(connection) }
                }
            } catch let failure as PostgresTransactionError {
                // postgres-nio wraps whatever failed (BEGIN, the body or COMMIT): map that error alone. A
                // failed ROLLBACK after the body's error adds nothing: the server rolls back on its own.
                throw failure.beginError ?? failure.closureError ?? failure.commitError ?? failure
            }
        }
    }

    /// The logger every statement of this database is sent with.
    public var statementLogger: Logger { logger }

    /// Runs `body` within the deadline; postgres-nio's failures and a passed deadline become
    /// `StorageError`, and an outage's start and end are noted.
    private func mappingFailures<Result: Sendable>(
        _ operation: StorageError.Operation, within deadline: Duration,
        _ body: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        let failure: StorageError
        do {
            let result = try await Deadline.run(within: deadline, body)
            outages.answered()
            return result
        } catch is Deadline.Passed {
            failure = StorageError(
                operation, path: redactedURL, reason: "no answer within \(Self.seconds(deadline)) s",
                cause: .unavailable)
        } catch let error as any DomainError {
            // The feature's own case: the database answered.
            outages.answered()
            throw error
        } catch let caller as CallerFailure {
            // The caller's own error, thrown from its body: it comes through unchanged.
            outages.answered()
            throw caller.error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            failure = PostgresFailure.storageError(error, operation: operation, location: location)
        }
        if failure.cause == .unavailable { outages.failed(failure) } else { outages.answered() }
        throw failure
    }

    /// `duration` in whole seconds, for messages.
    static func seconds(_ duration: Duration) -> Int64 { duration.components.seconds }
}

/// The warnings of an outage: one when calls start failing for want of an answer, one when they succeed again.
private final class OutageLog: Sendable {
    private struct State {
        var logger: Logger?
        var down = false
    }

    private let url: String
    private let state = Mutex(State())

    init(url: String) {
        self.url = url
    }

    func start(level: Logger.Level) {
        var logger = Logger(label: "strata.postgres") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = level
        state.withLock { $0.logger = logger }
    }

    func failed(_ error: StorageError) {
        let logger = state.withLock { state -> Logger? in
            guard !state.down else { return nil }
            state.down = true
            return state.logger
        }
        logger?.warning(
            "PostgreSQL does not answer; requests that need it get 503 until it does",
            metadata: ["database": "\(url)", "reason": "\(error.reason)"])
    }

    func answered() {
        let logger = state.withLock { state -> Logger? in
            guard state.down else { return nil }
            state.down = false
            return state.logger
        }
        logger?.warning("PostgreSQL answers again", metadata: ["database": "\(url)"])
    }
}

/// An error the caller's body threw that is not postgres-nio's: it passes through the store unchanged.
///
/// postgres-nio's errors inside the body (a statement that fails) are the database's and are
/// mapped; errors outside it (no connection) are an outage.
private struct CallerFailure: Error {
    let error: any Error

    /// Runs `body`, marking what it throws as the caller's unless postgres-nio threw it.
    static func marking<Result>(_ body: () async throws -> Result) async throws -> Result {
        do {
            return try await body()
        } catch let error as PSQLError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw CallerFailure(error: error)
        }
    }
}
