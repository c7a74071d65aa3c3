import ArgumentParser
import Core
import Foundation
import PapersEntity
import PapersFactory
import TerminalUI

/// How a command prints its result.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, plain
}

/// The options every command takes.
struct CommonOptions: ParsableArguments {
    @Option(help: "Output format: table, json or plain (tab-separated, for scripts).")
    var format: OutputFormat = .table

    @Option(help: ArgumentHelp("The library file (default: $STRATA_PAPERS_DB, else $XDG_DATA_HOME/strata/papers.sqlite).", valueName: "path"))
    var db: String?

    @Flag(help: "Use the library only; never open a network connection.")
    var offline = false

    @Option(name: .customLong("api-url"), help: ArgumentHelp("The arXiv query endpoint (default: $STRATA_ARXIV_API_URL, else https://export.arxiv.org/api/query).", valueName: "url"))
    var apiURL: String?

    /// Builds the feature (offline when asked, else live), runs `body` on the main actor, and turns a failure into its exit code.
    func run(_ body: @MainActor (PapersFeature, Renderer) async throws -> MessageError?) async throws {
        let terminal = TerminalEnvironment.live
        let renderer = Renderer(format: format, terminal: terminal)
        let failure: MessageError?
        do {
            let settings = PapersFactory.Settings(databasePath: db, apiURL: apiURL, columns: terminal.columns)
            let feature = offline ? try PapersFactory.offline(settings) : try PapersFactory.live(settings)
            failure = try await body(feature, renderer)
        } catch {
            failure = MessageError.wrap(error)
        }
        if let failure {
            ErrorOutput.report(tool: "papers", failure)
            throw ExitCode(failure.exitCode)
        }
    }
}

extension SearchField: ExpressibleByArgument {}

/// `--sort` values as people say them, mapped to the API's names.
enum SortOption: String, ExpressibleByArgument, CaseIterable {
    case relevance, updated, submitted

    var sortBy: SortBy {
        switch self {
        case .relevance: .relevance
        case .updated: .lastUpdatedDate
        case .submitted: .submittedDate
        }
    }
}

/// `--order` values.
enum OrderOption: String, ExpressibleByArgument, CaseIterable {
    case asc, desc

    var direction: SortDirection { self == .asc ? .ascending : .descending }
}
