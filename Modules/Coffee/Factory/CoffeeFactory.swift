import CoffeeEntity
import CoffeePresenter
import CoffeeRepository
import CoffeeServer
import CoffeeUseCase
import Core
import Database
import Foundation
import HTTPClient

/// Builds the coffee feature: on a local SQLite file, on a remote orders server, or in memory.
///
/// The factory is the only place that creates shared things (the database, the HTTP client,
/// the clock, the id source) and injects them into the layers.
public enum CoffeeFactory {
    /// The environment variable that names the database file when `--db` is not given.
    public static let databaseVariable = "STRATA_COFFEE_DB"

    /// The database file to use: `path` (from `--db`), else `$STRATA_COFFEE_DB`, else `$XDG_DATA_HOME/strata/coffee.sqlite`.
    public static func databaseURL(path: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        DatabaseLocation.resolve(
            fileName: SQLiteOrderRepository.fileName, override: path ?? environment[databaseVariable], environment: environment)
    }

    /// The feature on the local SQLite database (created and migrated when new).
    public static func local(
        databasePath: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        clock: WallClock = .live, ids: UUIDGenerator = .live
    ) throws -> CoffeeFeature {
        let database = try AppDatabase(url: databaseURL(path: databasePath, environment: environment), migrator: SQLiteOrderRepository.migrator)
        return CoffeeFeature(CoffeeUseCase(repository: SQLiteOrderRepository(database: database), clock: clock, ids: ids), servable: true)
    }

    /// The feature on an orders server, such as `http://127.0.0.1:8080`.
    ///
    /// - Throws: `MessageError.usage` when `serverURL` is not an http(s) URL with a host.
    public static func remote(serverURL: String, transport: HTTPTransport = .live) throws -> CoffeeFeature {
        guard let url = URL(string: serverURL), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host?.isEmpty == false
        else {
            throw MessageError.usage("'\(serverURL)' is not a server URL; pass one like http://127.0.0.1:8080")
        }
        // One attempt only: a POST must not be sent twice, and a local server is up or it is not.
        let client = HTTPClient(
            configuration: .init(userAgent: "coffee/1.0", limits: HTTPLimits(idleTimeout: 10, totalTimeout: 30), maxAttempts: 1),
            transport: transport)
        return CoffeeFeature(CoffeeUseCase(repository: RemoteOrderRepository(baseURL: url, client: client)), servable: false)
    }

    /// The feature on a private in-memory repository, for tests and throwaway runs.
    public static func inMemory(
        menu: Menu = .standard, orders: [Order] = [], clock: WallClock = .live, ids: UUIDGenerator = .live
    ) -> CoffeeFeature {
        CoffeeFeature(CoffeeUseCase(repository: InMemoryOrderRepository(menu: menu, orders: orders), clock: clock, ids: ids), servable: true)
    }
}

/// The assembled feature: what the app and the tests work with.
public struct CoffeeFeature: Sendable {
    /// The use cases, for the server and for tests.
    public let useCase: any CoffeeOrdering
    private let servable: Bool

    init(_ useCase: any CoffeeOrdering, servable: Bool) {
        self.useCase = useCase
        self.servable = servable
    }

    /// A presenter over the use cases; times are shown in `timeZone`.
    @MainActor
    public func makePresenter(timeZone: TimeZone = .current) -> CoffeePresenter {
        CoffeePresenter(useCase: useCase, timeZone: timeZone)
    }

    /// The orders API over these use cases.
    public func makeServer() -> CoffeeServer {
        CoffeeServer(orders: useCase)
    }

    /// Serves the orders API on `host:port` until SIGINT or SIGTERM.
    ///
    /// - Parameters:
    ///   - quiet: log only critical errors (for tests, which stop the server by cancelling it).
    ///   - onListening: gets the host and the port actually bound (the real one when 0 was asked for).
    /// - Throws: `MessageError.usage` for a feature built on a remote server, which has no database to serve.
    public func serve(
        host: String, port: Int, quiet: Bool = false, onListening: @escaping @Sendable (String, Int) -> Void
    ) async throws {
        guard servable else {
            throw MessageError.usage("`coffee serve` serves a local database; drop --server and pick the file with --db")
        }
        try await makeServer().run(host: host, port: port, quiet: quiet, onListening: onListening)
    }
}
