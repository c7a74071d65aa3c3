import AppSupport
import ArgumentParser
import Foundation
import PapersPresenter

extension ExportFormat: ExpressibleByArgument {}

/// `papers export`: papers as BibTeX, RIS or CSL-JSON, for LaTeX and reference managers.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Export papers as BibTeX, RIS or CSL-JSON (Zotero, Mendeley, pandoc).",
        discussion: """
            Selects the ids given (fetched when the library lacks them), the favourites, a watch's \
            papers and a library search's, each paper once. A watch by meaning selects the papers \
            with a vector (`papers library embed`) that reach its threshold. Authors are split into family and given \
            names, with the DOI (the journal's, else arXiv's DataCite DOI), the arXiv id and version, \
            the categories as keywords and the abstract.

            Examples:
              papers export --favorites --format ris --output favourites.ris
              papers export --watch helium --format csl-json > helium.json
              papers export 1201.4869 --format bibtex
              papers library search --format plain 'graph neural' | cut -f1 | papers export - --format ris
            """)

    @Argument(help: "arXiv ids to export; - reads them from standard input, separated by white space.")
    var ids: [String] = []

    @Flag(help: "Export the favourites.")
    var favorites = false

    @Option(help: ArgumentHelp("Export the library's papers that a saved search matches.", valueName: "name"))
    var watch: String?

    @Option(help: ArgumentHelp("Export the library's papers that match a library search.", valueName: "words"))
    var query: String?

    @Option(help: "The format: bibtex, ris or csl-json.")
    var format: ExportFormat

    @Option(
        help: ArgumentHelp(
            "Write to this file instead of standard output (replaced whole; a FIFO, device or link's target is written to).",
            valueName: "file"))
    var output: String?

    @OptionGroup var library: LibraryOption

    @OptionGroup var network: NetworkOptions

    @OptionGroup var model: ModelOption

    func run() async throws {
        let (ids, favorites, watch, query, format, output) = (ids, favorites, watch, query, format, output)
        let (library, network, model) = (library, network, model)
        try await ErrorWording.reporter.run { @MainActor in
            // Thousands of ids come through standard input: argument parsing takes each one in turn.
            let ids = ids == ["-"] ? Self.standardInputIDs() : ids
            // The model is loaded only for a watch by meaning.
            let presenter = try network.feature(db: library.db, model: model.folder()).makeLibraryPresenter()
            await presenter.export(ids: ids, favourites: favorites, watch: watch, query: query)
            let text = try ExportViews.render(presenter.export.result(), as: format)
            guard let output else { return try StandardOutput.write(text) }
            try FileWriter.write(text, to: output)
        }
    }
}

extension Export {
    /// The ids on standard input, separated by white space.
    static func standardInputIDs() -> [String] {
        let text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        return text.split(whereSeparator: \.isWhitespace).map(String.init)
    }
}

/// `papers similar`: papers in the library like one of them, offline.
struct Similar: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "similar", abstract: "List papers in the library like one of them, offline, best first.",
        discussion: """
            By words (the default): the paper's title and abstract words, weighted against how many \
            papers of the library hold them, are searched for and ranked as `papers library search` \
            ranks. By meaning: the papers whose vectors (`papers library embed`) are nearest the \
            paper's, with their cosine; the paper needs no vector of its own.

            Examples:
              papers similar 2411.18474 --limit 20
              papers similar 2411.18474 --by meaning
            """)

    @Argument(help: "An arXiv id in the library.")
    var id: String

    @Option(parsing: .unconditional, help: "How many papers to list.")
    var limit = 10

    @Option(
        help: "words (shared title and abstract words, the default) or meaning (vectors from `papers library embed`).")
    var by: SimilarityMeasure = .words

    @OptionGroup var model: ModelOption

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let (id, limit, by, model, options) = (id, limit, by, model, options)
        try await ErrorWording.reporter.run { @MainActor in
            switch by {
            case .words:
                let presenter = try options.feature(access: .readOnly).makePaperListPresenter()
                await presenter.similar(to: id, limit: limit)
                try Views.list(presenter.state.result()).print(as: options.format)
            case .meaning:
                let presenter = try options.feature(access: .readOnly, model: model.folder()).makePaperListPresenter()
                await presenter.similarByMeaning(to: id, limit: limit)
                try Views.list(presenter.state.result()).print(as: options.format)
            }
        }
    }
}

/// How `papers similar` compares papers.
enum SimilarityMeasure: String, ExpressibleByArgument, CaseIterable {
    /// Shared title and abstract words, weighted by tf-idf and ranked by BM25.
    case words
    /// The cosine of the papers' vectors from the embedding model.
    case meaning
}
