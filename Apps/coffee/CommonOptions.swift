import AppSupport
import ArgumentParser
import CoffeeEntity
import CoffeeFactory
import CoffeePresenter
import Core
import Foundation

/// The options every command takes: output format, database file, orders server.
struct CommonOptions: ParsableArguments {
    @Option(help: OutputFormat.help)
    var format: OutputFormat = .text

    @Option(help: "The SQLite file (default: $STRATA_COFFEE_DB, else $XDG_DATA_HOME/strata/coffee.sqlite).")
    var db: String?

    @Option(help: "Use the orders server at this URL (such as http://127.0.0.1:8080) instead of the local database.")
    var server: String?

    /// The database file `--db` and the environment name.
    func databaseURL() throws -> URL {
        try DatabasePath.resolve(app: "coffee", option: db)
    }

    /// The feature, local or remote as the options say; `.readOnly` for commands that only read
    /// (the file must exist and is never created or written).
    func feature(access: StorageAccess = .readWrite) throws -> CoffeeFeature {
        guard let server else { return try CoffeeFactory.live(databaseURL: try databaseURL(), access: access) }
        guard db == nil else { throw MessageError.usage("give either --db or --server, not both") }
        guard let url = URL(string: server) else { throw CoffeeError.notAServerURL(url: server) }
        return try CoffeeFactory.remote(serverURL: url)
    }

    /// The presenter for `coffee menu`: the file's menu, or before there is a file the menu a new
    /// one starts with (reading the menu must not create the database).
    @MainActor
    func menuPresenter() throws -> OrdersPresenter {
        do {
            return try presenter(access: .readOnly)
        } catch let error as StorageError where error.cause == .missing {
            return CoffeeFactory.inMemory().makeOrdersPresenter()
        }
    }

    /// The orders presenter over the feature.
    @MainActor
    func presenter(access: StorageAccess = .readWrite) throws -> OrdersPresenter {
        try feature(access: access).makeOrdersPresenter()
    }
}
