import AppSupport
import ArgumentParser
import Core
import Foundation
import PapersEntity
import PapersFactory
import TerminalUI

/// The library's file: the one option of every command that opens it.
struct LibraryOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The SQLite file (default: $STRATA_PAPERS_DB, else $XDG_DATA_HOME/strata/papers.sqlite).", valueName: "path"
        ))
    var db: String?

    /// The file `--db`, `$STRATA_PAPERS_DB` or the default names.
    func url() throws -> URL { try DatabasePath.resolve(app: "papers", option: db) }
}

/// The daily feed's base: `papers new` and `papers digest --fetch` read it.
struct FeedOption: ParsableArguments {
    @Option(
        name: .customLong("rss-url"),
        help: ArgumentHelp(
            "The daily feed's base (default: $STRATA_ARXIV_RSS_URL, else https://rss.arxiv.org/rss).",
            valueName: "url"))
    var rssURL: String?

    /// The environment variable that names the feed's base.
    static let variable = "STRATA_ARXIV_RSS_URL"

    /// `--rss-url`, else `$STRATA_ARXIV_RSS_URL`, else arXiv's own feed.
    func url() throws -> URL {
        try Endpoint.resolve(rssURL, flag: "--rss-url", variable: Self.variable, fallback: PapersFactory.defaultRSSURL)
    }
}

/// The options every command takes: the output format and the library.
struct CommonOptions: ParsableArguments {
    @Option(help: OutputFormat.help)
    var format: OutputFormat = .text

    @OptionGroup var library: LibraryOption

    /// `--db`, if given.
    var db: String? { library.db }

    /// The library alone, for commands that never ask arXiv.
    ///
    /// A command that only reads passes `.readOnly`: it never creates the file (a typo in --db is
    /// "not found", not a new empty library) and reads a file it may not write.
    ///
    /// - Parameters:
    ///   - everyMatch: searches rank every match, not only the newest of a large library.
    ///   - model: for what works by meaning, the embedding model's folder (the library's vectors are opened too).
    func feature(access: StorageAccess = .readWrite, everyMatch: Bool = false, model: URL? = nil) throws
        -> PapersFeature
    {
        try PapersFactory.offline(
            databaseURL: try DatabasePath.resolve(app: "papers", option: db), access: access, everyMatch: everyMatch,
            modelFolder: model)
    }

    /// The feed reader alone, for a dry run: it opens no library, so it creates and changes nothing.
    func checkingFeature() throws -> PapersFeature {
        _ = try DatabasePath.resolve(app: "papers", option: db)  // an empty --db is still a mistake
        return PapersFactory.checking()
    }
}

/// The options of the commands that may ask arXiv: search, latest, show, fav and bibtex.
struct NetworkOptions: ParsableArguments {
    @Flag(help: "Use the library only; never open a network connection.")
    var offline = false

    @Option(
        name: .customLong("api-url"),
        help: ArgumentHelp(
            "The arXiv query endpoint (default: $STRATA_ARXIV_API_URL, else https://export.arxiv.org/api/query).",
            valueName: "url"))
    var apiURL: String?

    /// The environment variable that names the API endpoint.
    static let apiURLVariable = "STRATA_ARXIV_API_URL"

    /// The feature on `options`' library: offline, or live against the resolved endpoint.
    func feature(_ options: CommonOptions) throws -> PapersFeature {
        try feature(db: options.db)
    }

    /// The feature on the library at `db` (the `--db` option): offline, or live against the resolved endpoint.
    ///
    /// - Parameter model: for what works by meaning, the embedding model's folder (loaded at first use).
    func feature(db: String?, model: URL? = nil) throws -> PapersFeature {
        let databaseURL = try DatabasePath.resolve(app: "papers", option: db)
        guard !offline else { return try PapersFactory.offline(databaseURL: databaseURL, modelFolder: model) }
        return try PapersFactory.live(
            databaseURL: databaseURL, apiURL: try resolvedAPIURL(), timeouts: try Timeouts.resolve(),
            onRetry: RetryNotice.live.show, modelFolder: model)
    }

    /// `--api-url`, else `$STRATA_ARXIV_API_URL`, else arXiv's own endpoint; a usage error for anything but an http(s) URL.
    func resolvedAPIURL(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        try Endpoint.resolve(
            apiURL, flag: "--api-url", variable: Self.apiURLVariable, fallback: PapersFactory.defaultAPIURL,
            environment: environment)
    }
}

/// An endpoint from its flag, else its environment variable, else arXiv's own.
enum Endpoint {
    /// The URL; a usage error for anything but an http(s) URL, naming the flag and the variable.
    static func resolve(
        _ option: String?, flag: String, variable: String, fallback: URL,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> URL {
        guard let text = option ?? EnvironmentValue.read(variable, environment: environment) else { return fallback }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else {
            throw MessageError.usage(
                "\(Quote.quoted(text)) is not an http(s) URL; pass \(flag) \(fallback.absoluteString) or fix $\(variable)"
            )
        }
        return url
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
