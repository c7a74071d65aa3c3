import ArgumentParser
import CoffeeFactory
import CoffeePresenter
import Core
import Foundation
import TerminalUI

/// How results are printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json
}

/// The options every command takes: output format, database file, orders server.
struct CommonOptions: ParsableArguments {
    @Option(help: "Output format: table or json.")
    var format: OutputFormat = .table

    @Option(help: "The SQLite database file (default: $STRATA_COFFEE_DB, else $XDG_DATA_HOME/strata/coffee.sqlite).")
    var db: String?

    @Option(help: "Use the orders server at this URL (such as http://127.0.0.1:8080) instead of the local database.")
    var server: String?

    /// The feature, local or remote as the options say.
    func feature() throws -> CoffeeFeature {
        if let server {
            guard db == nil else { throw MessageError.usage("give either --db or --server, not both") }
            return try CoffeeFactory.remote(serverURL: server)
        }
        return try CoffeeFactory.local(databasePath: db)
    }

    /// A presenter over the feature.
    @MainActor
    func presenter() throws -> CoffeePresenter {
        try feature().makePresenter()
    }
}

/// Running a command: errors become one line on stderr and the kind's exit code.
enum CommandRun {
    /// Runs `body`, reporting a failure the way every Strata app does.
    @MainActor
    static func reporting(_ body: @MainActor () async throws -> Void) async throws {
        do {
            try await body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // Anything that is not already a MessageError is a bug: still one line and exit 70.
            let failure = MessageError.wrap(error)
            ErrorOutput.report(tool: "coffee", failure)
            throw ExitCode(failure.exitCode)
        }
    }

    /// Prints a loaded state as JSON or through `table`, or throws the presenter's error.
    @MainActor
    static func render<Value: Encodable>(
        _ state: ViewState<Value>, error: MessageError?, format: OutputFormat, table: (Value, Style) -> String
    ) throws {
        switch state {
        case .loaded(let value):
            switch format {
            case .json: print(try JSONOutput.string(value))
            case .table: print(table(value, Style(TerminalEnvironment.live)))
            }
        case .failed(let failure):
            throw error ?? failure.error
        case .initial, .loading:
            throw MessageError(.internal, "the command finished without a result; this is a bug")
        }
    }
}
