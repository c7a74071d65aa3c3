import AppSupport
import ArgumentParser
import Core
import Foundation
import PapersFactory
import WebSupport

/// `papers serve [--host 127.0.0.1] [--port 8080]`: the library in a browser, offline.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract:
            "Serve the library as web pages (search, papers, favourites, BibTeX), offline, until SIGINT or SIGTERM.",
        discussion: """
            Port 0 picks a free port; the first line printed is `listening on http://HOST:PORT`. \
            The pages never ask arXiv: import or search with the other commands to fill the library.

            With --similar meaning a paper's page lists the papers nearest it in meaning, from the \
            vectors `papers library embed` made (the model is loaded once, at start). The digest \
            page of watches by meaning loads it when first shown.

            Examples:
              papers serve --port 0
              papers serve --similar meaning
            """)

    @OptionGroup var web: WebServeOptions

    @Option(
        help: ArgumentHelp(
            "The SQLite file (default: $STRATA_PAPERS_DB, else $XDG_DATA_HOME/strata/papers.sqlite).", valueName: "path"
        ))
    var db: String?

    @Option(
        help:
            "How a paper's page finds similar papers: words (the default) or meaning (vectors from `papers library embed`)."
    )
    var similar: SimilarityMeasure = .words

    @OptionGroup var model: ModelOption

    func run() async throws {
        let (web, db, similar, model) = (web, db, similar, model)
        try await ErrorWording.reporter.run {
            let feature = try PapersFactory.offline(
                databaseURL: try DatabasePath.resolve(app: "papers", option: db), access: .readWrite, everyMatch: false,
                modelFolder: try model.folder())
            // A digest of meaning watches loads the model when asked; similar papers need it from the start.
            if similar == .meaning { try feature.loadMeaning() }
            try await WebServer(web).run(PapersPages(feature: feature, similarBy: similar))
        }
    }
}
