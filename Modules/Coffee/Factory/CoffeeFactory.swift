import CoffeeEntity
import CoffeePresenter
import CoffeeRepository
import CoffeeServer
import CoffeeUseCase
import Core
import Database
import Foundation
import HTTPClient
import HTTPServer
import Postgres

/// Builds the coffee feature: on a local SQLite file, on PostgreSQL, on a remote orders server, or in memory.
///
/// The factory is the only place that creates shared things (the database, the HTTP client,
/// the clock, the id source) and injects them into the layers. It reads no environment and
/// resolves no paths: the app does, and passes the results.
public enum CoffeeFactory {
    /// The feature on the SQLite file at `databaseURL`, created and migrated when new (`.readOnly`: existing, never written).
    ///
    /// - Throws: `StorageError` when the file cannot be opened or migrated (`.missing` when a read finds no file).
    public static func live(
        databaseURL: URL, access: StorageAccess = .readWrite, clock: WallClock = .live, ids: UUIDGenerator = .live
    ) throws -> CoffeeFeature {
        let database = try AppDatabase(
            url: databaseURL, migrator: CoffeeSchema.migrator, renamedMigrations: CoffeeSchema.renamedMigrations,
            applicationID: CoffeeSchema.applicationID,
            access: access)
        let repository = SQLiteOrderRepository(database: database)
        return CoffeeFeature(
            useCase: CoffeeUseCase(repository: repository, tokens: repository, clock: clock, ids: ids),
            servable: true, storage: databaseURL.path)
    }

    /// The feature on the PostgreSQL database at `databaseURL` (`postgres://user@host:port/db`),
    /// which any number of servers may share. Nothing connects until the feature runs (`run(_:)`,
    /// `serve`), which migrates the schema first.
    ///
    /// - Throws: `CoffeeError.notADatabaseURL` (naming the URL without its password) when it is
    ///   not a `postgres://` URL with a user and a host.
    public static func postgres(
        databaseURL: String, maximumConnections: Int = 20, clock: WallClock = .live, ids: UUIDGenerator = .live
    ) throws -> CoffeeFeature {
        guard let location = PostgresLocation(databaseURL) else {
            throw CoffeeError.notADatabaseURL(url: PostgresLocation.redacting(databaseURL))
        }
        let database = PostgresStore(location: location, maximumConnections: maximumConnections)
        let repository = PostgresOrderRepository(database: database)
        return CoffeeFeature(
            useCase: CoffeeUseCase(repository: repository, tokens: repository, clock: clock, ids: ids),
            servable: true, storage: location.redacted, postgres: database)
    }

    /// The feature on an orders server (`coffee serve`), such as `http://127.0.0.1:8080`, sending
    /// `token` (a staff or reports token) with every request when given.
    ///
    /// Requests are retried on connection errors and 5xx, up to `maxAttempts` in all, with
    /// exponential backoff from `retryDelay` seconds spread by `random` (or the server's
    /// `Retry-After`). That is safe for `POST /orders` too: each order is sent with an
    /// `Idempotency-Key` (its new id), so a retry gets the first order back, never a second one.
    ///
    /// - Throws: `CoffeeError.notAServerURL` when `serverURL` is not an http(s) URL with a host.
    public static func remote(
        serverURL: URL, token: String? = nil, clock: WallClock = .live, ids: UUIDGenerator = .live,
        random: RandomSource = .live, transport: HTTPTransport = .live, maxAttempts: Int = 4,
        retryDelay: Double = 0.25
    ) throws -> CoffeeFeature {
        guard let scheme = serverURL.scheme?.lowercased(), ["http", "https"].contains(scheme),
            serverURL.host?.isEmpty == false
        else {
            throw CoffeeError.notAServerURL(url: serverURL.absoluteString)
        }
        let client = HTTPClient(
            configuration: .init(
                userAgent: "coffee/1.0", limits: HTTPLimits(idleTimeout: 10, totalTimeout: 30),
                maxAttempts: maxAttempts, baseDelay: retryDelay, maxDelay: 4, maxRetryAfter: 30),
            transport: transport, clock: clock, jitter: random)
        let repository = RemoteOrderRepository(baseURL: serverURL, client: client, token: token)
        return CoffeeFeature(
            useCase: CoffeeUseCase(repository: repository, clock: clock, ids: ids), servable: false,
            storage: serverURL.absoluteString)
    }

    /// The feature on a private in-memory repository, for tests and throwaway runs.
    public static func inMemory(
        menu: Menu = .standard, orders: [Order] = [], clock: WallClock = .reference, ids: UUIDGenerator = .live
    ) -> CoffeeFeature {
        CoffeeFeature(
            useCase: .inMemory(menu: menu, orders: orders, clock: clock, ids: ids), servable: true, storage: "memory")
    }
}

/// The assembled feature: the use cases, and the presenters and the server built on them.
public struct CoffeeFeature: Sendable {
    /// The use cases, for the server and for tests.
    public let useCase: CoffeeUseCase
    /// Whether the orders live here (a file, a database, memory), so `serve` has something to serve.
    private let servable: Bool
    /// Where the orders are, for messages: a file's path, a PostgreSQL URL without its password,
    /// a server's URL, or `memory`.
    public let storage: String
    /// The PostgreSQL database, whose connection pool must run while the feature is used.
    private let postgres: PostgresStore?

    init(useCase: CoffeeUseCase, servable: Bool, storage: String, postgres: PostgresStore? = nil) {
        self.useCase = useCase
        self.servable = servable
        self.storage = storage
        self.postgres = postgres
    }

    /// Runs `body` with the storage ready: on PostgreSQL the pool runs and the schema is
    /// migrated first, then the pool stops; on a file, in memory or remote, `body` just runs.
    ///
    /// - Throws: `StorageError` when PostgreSQL cannot be reached or migrated; `body`'s errors.
    public func run<Result: Sendable>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async throws -> Result {
        guard let postgres else { return try await body() }
        return try await postgres.run(migrating: CoffeeSchema.postgres, body)
    }

    /// The orders screen's presenter; times are shown in `timeZone`.
    @MainActor
    public func makeOrdersPresenter(timeZone: TimeZone = .current) -> OrdersPresenter {
        OrdersPresenter(useCase: useCase, timeZone: timeZone)
    }

    /// The staff tokens' presenter; times are shown in `timeZone`.
    @MainActor
    public func makeTokensPresenter(timeZone: TimeZone = .current) -> TokensPresenter {
        TokensPresenter(useCase: useCase, timeZone: timeZone)
    }

    /// A number that changes whenever an order or a token changes, in this process or any other
    /// (another server on the same PostgreSQL, a command-line run on the same file); `nil` when
    /// the storage cannot tell. Live pages watch it to learn of changes.
    public func revision() async throws -> Int64? {
        try await useCase.revision()
    }

    /// The log levels `serve` takes, lowest first.
    public static var serverLogLevels: [String] { CoffeeServer.logLevels }

    /// The orders API over these use cases, with `pages` (the app's web pages) beside it.
    public func makeServer(pages: (any RouteSource)? = nil) -> CoffeeServer {
        CoffeeServer(useCase: useCase, extraRoutes: pages)
    }

    /// Serves the orders API on `host:port` until SIGINT or SIGTERM.
    ///
    /// - Parameters:
    ///   - quiet: log only critical errors (for tests, which stop the server by cancelling it).
    ///   - logLevel: the lowest level logged otherwise, one of `serverLogLevels`.
    ///   - timeouts: how long a connection may stay silent, and take over a request's head and body.
    ///   - pages: routes the app serves beside the API (its web pages), `nil` for the API alone.
    ///   - allowedHosts: names a proxy serves the server under (`NAME`, `NAME:PORT`, `.NAME`), besides its own.
    ///   - onListening: gets the host and the port actually bound (the real one when 0 was asked for).
    /// - Throws: `CoffeeError.remoteCannotServe` for a feature built on a remote server (it has no
    ///   database to serve), `.cannotListen` when the address cannot be bound.
    public func serve(
        host: String, port: Int, quiet: Bool = false, logLevel: String = "warning",
        timeouts: ConnectionTimeouts = .standard, pages: (any RouteSource)? = nil,
        allowedHosts: [String] = [], onListening: @escaping @Sendable (String, Int) -> Void
    ) async throws {
        guard servable else { throw CoffeeError.remoteCannotServe }
        guard let postgres else {
            return try await makeServer(pages: pages).run(
                host: host, port: port, quiet: quiet, logLevel: logLevel, timeouts: timeouts,
                allowedHosts: allowedHosts, onListening: onListening)
        }
        // The pool runs as a service beside the server (stopped after it on SIGTERM, so requests
        // under way finish), and the port opens only once the schema is migrated.
        if !quiet { postgres.logOutages(level: logLevel) }
        try await makeServer(pages: pages).run(
            host: host, port: port, quiet: quiet, logLevel: logLevel, timeouts: timeouts,
            allowedHosts: allowedHosts, services: [postgres],
            beforeStart: {
                try await postgres.checkReachable()
                try await CoffeeSchema.postgres.apply(to: postgres)
            }, onListening: onListening)
    }
}
