import AppSupport
import ArgumentParser
import CoffeeEntity
import CoffeeFactory
import CoffeePresenter
import Core
import Foundation

/// Where this machine's orders are: a SQLite file or a PostgreSQL database (`serve` takes only these).
struct StoreOptions: ParsableArguments {
    @Option(help: "The SQLite file (default: $STRATA_COFFEE_DB, else $XDG_DATA_HOME/strata/coffee.sqlite).")
    var db: String?

    @Option(
        help: ArgumentHelp(
            "Keep orders in PostgreSQL instead of a file, such as postgres://user@127.0.0.1:5432/coffee (default: $\(databaseVariable)).",
            valueName: "url"))
    var database: String?

    /// The environment variable that names a PostgreSQL database, as `--database` does.
    static let databaseVariable = DatabaseURL.variable(app: "coffee")

    /// The database file `--db` and the environment name.
    func databaseURL() throws -> URL {
        try DatabasePath.resolve(app: "coffee", option: db)
    }

    /// The PostgreSQL URL `--database` or the environment gives, unless `--db` or `server` picks another store.
    func postgresURL(server: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws -> String?
    {
        let others = [db == nil ? nil : "--db", server == nil ? nil : "--server"].compactMap { $0 }
        return try DatabaseURL.resolve(app: "coffee", option: database, others: others, environment: environment)
    }

    /// The feature on the PostgreSQL database or the file the options name; `.readOnly` for
    /// commands that only read (a file must exist and is never created or written; PostgreSQL
    /// is shared, so its access is its own to decide).
    func feature(access: StorageAccess = .readWrite) throws -> CoffeeFeature {
        if let url = try postgresURL() { return try CoffeeFactory.postgres(databaseURL: url) }
        return try CoffeeFactory.live(databaseURL: try databaseURL(), access: access)
    }

    /// Runs `body` with the tokens presenter, the storage ready for as long as it runs.
    @MainActor
    func withTokensPresenter(
        access: StorageAccess = .readWrite, _ body: @MainActor (TokensPresenter) async throws -> Void
    ) async throws {
        let feature = try feature(access: access)
        try await feature.run { try await body(feature.makeTokensPresenter()) }
    }
}

/// The options every command but `serve` takes: output format, where the orders are (a file,
/// PostgreSQL, or a server).
struct CommonOptions: ParsableArguments {
    @Option(help: OutputFormat.help)
    var format: OutputFormat = .text

    @OptionGroup var store: StoreOptions

    @Option(help: "Use the orders server at this URL (such as http://127.0.0.1:8080) instead of the local database.")
    var server: String?

    @Option(
        help: ArgumentHelp(
            "The API token for --server's staff routes (default: $\(tokenVariable)); never printed.", valueName: "token"
        ))
    var token: String?

    /// The environment variable that holds the API token, as `--token` does.
    static let tokenVariable = "STRATA_COFFEE_TOKEN"

    /// The feature on the file, the PostgreSQL database or the server the options name.
    func feature(access: StorageAccess = .readWrite) throws -> CoffeeFeature {
        _ = try store.postgresURL(server: server)
        guard let server else { return try store.feature(access: access) }
        guard let url = URL(string: server) else { throw CoffeeError.notAServerURL(url: server) }
        let token = token ?? ProcessInfo.processInfo.environment[Self.tokenVariable]
        return try CoffeeFactory.remote(serverURL: url, token: token.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Runs `body` with the orders presenter, the storage ready for as long as it runs.
    @MainActor
    func withPresenter(
        access: StorageAccess = .readWrite, _ body: @MainActor (OrdersPresenter) async throws -> Void
    ) async throws {
        let feature = try feature(access: access)
        try await feature.run { try await body(feature.makeOrdersPresenter()) }
    }

    /// Runs `body` with the presenter for `coffee menu`: the store's menu, or before there is a
    /// file the menu a new one starts with (reading the menu must not create the database).
    @MainActor
    func withMenuPresenter(_ body: @MainActor (OrdersPresenter) async throws -> Void) async throws {
        let feature: CoffeeFeature
        do {
            feature = try self.feature(access: .readOnly)
        } catch let error as StorageError where error.cause == .missing {
            feature = CoffeeFactory.inMemory(clock: .live)
        }
        try await feature.run { try await body(feature.makeOrdersPresenter()) }
    }
}
