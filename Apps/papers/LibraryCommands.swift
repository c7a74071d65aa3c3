import AppSupport
import ArgumentParser
import Core
import Foundation
import PapersEntity
import PapersPresenter
import TerminalUI

/// `papers library`: the local library, offline.
struct Library: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract: "Search the local library offline, by words or by meaning, or show its statistics.",
        discussion: "Example: papers library stats",
        subcommands: [LibrarySearch.self, Stats.self, EmbedLibrary.self])
}

/// `papers library search`: full-text search, offline.
struct LibrarySearch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the library offline, in the query language of `papers search` and watches.",
        discussion: """
            Words all match; "two words" is a phrase, word* a prefix; ti:, au:, abs:, co: (comment), jr: \
            (journal reference), cat: (a category or archive), id: and doi: limit a word to a field; AND, OR, \
            ANDNOT and parentheses combine them, left to right. An arXiv id or a DOI finds that paper. Best \
            match (BM25) first, a page at a time, with the count of matches (exact up to 10,000 in a library of \
            more than 250,000 papers). There only the 4,000 newest matches are ranked (milliseconds whatever \
            the size), so an older paper that matches a common word better is not shown; --every-match ranks \
            them all.

            With --meaning the text is free text, and the papers nearest it in meaning are listed, \
            best first, with their cosine (1 is the same meaning): the papers `papers library embed` \
            gave vectors to, by all-MiniLM-L6-v2 on this computer.

            Examples:
              papers library search 'au:maestro helium' --limit 5
              papers library search 'helium OR testing' --page 2
              papers library search 1312.6177
              papers library search --meaning 'learning to rank search results with neural networks'
            """)

    @Argument(help: "What to search for, in the query language (see above).")
    var text: [String]

    @Option(parsing: .unconditional, help: "How many papers a page shows.")
    var limit = 20

    @Option(parsing: .unconditional, help: "Which page of results to show, from 1.")
    var page = 1

    @Flag(help: "Rank every match, not only the 4,000 newest (slower in a library of more than 250,000 papers).")
    var everyMatch = false

    @Flag(help: "Find the papers nearest the text in meaning, not those holding its words.")
    var meaning = false

    @OptionGroup var model: ModelOption

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let (text, limit, page, everyMatch) = (text.joined(separator: " "), limit, page, everyMatch)
        let (meaning, model, options) = (meaning, model, options)
        try await ErrorWording.reporter.run { @MainActor in
            guard meaning else {
                let presenter = try options.feature(access: .readOnly, everyMatch: everyMatch)
                    .makePaperListPresenter()
                await presenter.searchLibrary(text, page: page, pageSize: limit)
                return try Views.list(presenter.state.result()).print(as: options.format)
            }
            if page != 1 || everyMatch {
                throw MessageError.usage(
                    "\(page != 1 ? "--page" : "--every-match") does not apply to --meaning, which ranks every paper with a vector; raise --limit to see more"
                )
            }
            let presenter = try options.feature(access: .readOnly, model: model.folder()).makePaperListPresenter()
            await presenter.searchByMeaning(text, limit: limit)
            try Views.list(presenter.state.result()).print(as: options.format)
        }
    }
}

/// `papers library embed`: a vector of each paper's meaning, for `--meaning` and `similar --by meaning`.
struct EmbedLibrary: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "embed", abstract: "Give every paper of the library a vector of its meaning, on this computer.",
        discussion: """
            Each paper's title and abstract are embedded by all-MiniLM-L6-v2 (papers' own encoder, on \
            every core, no network) and kept beside the library (papers.sqlite.vectors). Only papers \
            without a current vector are embedded: new ones, and ones whose title or abstract changed. \
            Imports, harvests and `papers new` leave new papers for the next run, so they stay as fast \
            as they were. Each batch is kept as it is made: stop the run (Ctrl-C) at any point and run \
            it again to go on. A new model version embeds everything again.

            Example: papers library embed
            """)

    @OptionGroup var model: ModelOption

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let (model, options) = (model, options)
        try await ErrorWording.reporter.run { @MainActor in
            let presenter = try options.feature(model: model.folder()).makeLibraryPresenter()
            let line = ProgressBar(label: "embedding", environment: .live)
            let stop = StopRequest.onInterrupt()
            await presenter.embedLibrary(
                progress: { line.update(done: $0.current, total: $0.total) }, shouldStop: { stop.isRequested })
            line.finish()
            try Views.embed(presenter.embedResult.result()).print(as: options.format)
        }
    }
}

/// `papers library stats`.
struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Count the papers, favourites and fetches in the library.",
        discussion: "Example: papers library stats --format json")

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let options = options
        try await ErrorWording.reporter.run { @MainActor in
            let presenter = try options.feature(access: .readOnly).makeLibraryPresenter()
            await presenter.loadStats()
            try Views.stats(presenter.stats.result()).print(as: options.format)
        }
    }
}

/// `papers import`: saved API responses into the library.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import saved arXiv metadata into the library, all or nothing.",
        discussion: """
            Reads arXiv API responses (Atom), OAI-PMH responses (arXiv or arXivRaw records) and the \
            metadata snapshot (JSON lines, as on Kaggle), plain or gzip; each file's format is recognised \
            from its first bytes. A bad file or line is refused with its name and line, and nothing is imported.

            Examples:
              papers import page1.xml page2.xml
              papers import arxiv-metadata-oai-snapshot.json.gz
              curl -s "$ARXIV_QUERY_URL" | papers import -
            """)

    @Argument(help: "One or more files (Atom, OAI-PMH or snapshot, plain or gzip); - reads standard input.")
    var files: [String]

    @Flag(help: "Only parse and count the papers; change nothing.")
    var dryRun = false

    @OptionGroup var options: CommonOptions

    func run() async throws {
        // `-` is standard input, as for cat and curl: the reader streams any file, /dev/stdin too.
        let (files, dryRun) = (files.map { $0 == "-" ? "/dev/stdin" : $0 }, dryRun)
        let options = options
        try await ErrorWording.reporter.run { @MainActor in
            let presenter = try (dryRun ? options.checkingFeature() : options.feature()).makeLibraryPresenter()
            await presenter.importFeeds(files, dryRun: dryRun)
            try Views.importResult(presenter.importResult.result()).print(as: options.format)
        }
    }
}

/// `papers doctor`: the library checked for damage, and repaired with --fix.
struct Doctor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor", abstract: "Check the library for damage; --fix repairs what it can.",
        discussion: """
            Checks SQLite's integrity, the full-text index against the papers, and favourites of \
            papers that are gone. Exit status 0: nothing is wrong, or all of it was fixed; 74: damage is left.

            Example: papers doctor --fix
            """)

    @Flag(help: "Repair what can be repaired (rebuild the search index, drop orphaned favourites) in one transaction.")
    var fix = false

    @OptionGroup var options: CommonOptions

    func run() async throws {
        let (options, fix) = (options, fix)
        try await ErrorWording.reporter.run { @MainActor in
            // Opened read-only first: a missing library is reported, never created by a check.
            let feature = try options.feature(access: .readOnly)
            let presenter = try (fix ? options.feature(access: .readWrite) : feature).makeLibraryPresenter()
            await presenter.checkLibrary(fix: fix)
            let health = try presenter.health.result()
            try Views.health(health).print(as: options.format)
            let fixable = health.remaining.filter(\.isFixable).count
            guard health.remaining.isEmpty else {
                throw PapersError.libraryDamaged(fixable: fixable, unfixable: health.remaining.count - fixable)
            }
        }
    }
}
