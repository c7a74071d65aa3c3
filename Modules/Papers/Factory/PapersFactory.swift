import Core
import Database
import Foundation
import HTTPClient
import PapersEntity
import PapersPresenter
import PapersRepository
import PapersUseCase

/// Builds the Papers feature: live (arXiv and the library), offline (the library alone) or in memory.
///
/// The factory creates what is shared (the database, the HTTP client, the clock) once and
/// injects it; nothing else in the feature creates its own.
public enum PapersFactory {
    /// The tool's version, sent in the User-Agent.
    public static let version = "1.0.0"
    /// The User-Agent arXiv sees: the tool and its version, as the API's terms ask.
    public static let userAgent = "strata-papers/\(version) (papers command-line arXiv library)"
    /// The environment variable that names the library file.
    public static let databaseVariable = "STRATA_PAPERS_DB"
    /// The environment variable that names the API endpoint.
    public static let apiURLVariable = "STRATA_ARXIV_API_URL"

    /// What the command line and the environment decide.
    public struct Settings: Sendable {
        /// `--db`: the library file; else `$STRATA_PAPERS_DB`, else `$XDG_DATA_HOME/strata/papers.sqlite`.
        public var databasePath: String?
        /// `--api-url`: the query endpoint; else `$STRATA_ARXIV_API_URL`, else arXiv's own.
        public var apiURL: String?
        /// The process environment.
        public var environment: [String: String]
        /// The terminal's width, for cutting titles.
        public var columns: Int
        /// Limits of each HTTP attempt.
        public var limits: HTTPLimits

        /// Creates settings.
        public init(
            databasePath: String? = nil, apiURL: String? = nil,
            environment: [String: String] = ProcessInfo.processInfo.environment, columns: Int = 80,
            limits: HTTPLimits = HTTPLimits(idleTimeout: 60, totalTimeout: 180, maxResponseBytes: 64 << 20)
        ) {
            self.databasePath = databasePath
            self.apiURL = apiURL
            self.environment = environment
            self.columns = columns
            self.limits = limits
        }

        /// The library file these settings name.
        public var databaseURL: URL {
            DatabaseLocation.resolve(
                fileName: "papers.sqlite", override: databasePath ?? environment[PapersFactory.databaseVariable],
                environment: environment)
        }

        /// The API endpoint these settings name; a usage error for anything but an http(s) URL.
        public func resolvedAPIURL() throws -> URL {
            guard let text = apiURL ?? environment[PapersFactory.apiURLVariable].flatMap({ $0.isEmpty ? nil : $0 }) else {
                return ArxivAPI.Configuration.defaultBaseURL
            }
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw MessageError.usage("'\(text)' is not an http(s) URL; pass --api-url https://export.arxiv.org/api/query or fix $\(PapersFactory.apiURLVariable)")
            }
            return url
        }
    }

    /// arXiv and the library on disk.
    public static func live(_ settings: Settings, clock: WallClock = .live, transport: HTTPTransport = .live) throws -> PapersFeature {
        let library = try openLibrary(settings)
        let client = HTTPClient(
            configuration: .init(userAgent: userAgent, limits: settings.limits, maxAttempts: 4, baseDelay: 3, maxDelay: 30),
            transport: transport, clock: clock)
        let api = ArxivAPI(
            configuration: .init(baseURL: try settings.resolvedAPIURL()), client: client, clock: clock, requestLog: library)
        return PapersFeature(useCase: PapersUseCase(source: api, library: library, clock: clock), clock: clock, columns: settings.columns)
    }

    /// The library on disk alone: no HTTP client is even created, so no connection can be opened.
    public static func offline(_ settings: Settings, clock: WallClock = .live) throws -> PapersFeature {
        let library = try openLibrary(settings)
        return PapersFeature(
            useCase: PapersUseCase(source: OfflinePaperSource(), library: library, clock: clock), clock: clock, columns: settings.columns)
    }

    /// Everything in memory, for tests: a library holding `papers` and a source serving `remote`.
    public static func inMemory(
        papers: [Paper] = [], remote: [Paper] = [], clock: WallClock = .fixed(Date(timeIntervalSince1970: 1_700_000_000)), columns: Int = 80
    ) -> PapersFeature {
        let useCase = PapersUseCase(
            source: InMemoryPaperSource(papers: remote), library: InMemoryPaperLibrary(papers: papers), clock: clock)
        return PapersFeature(useCase: useCase, clock: clock, columns: columns)
    }

    private static func openLibrary(_ settings: Settings) throws -> SQLitePaperLibrary {
        SQLitePaperLibrary(database: try AppDatabase(url: settings.databaseURL, migrator: PapersSchema.migrator))
    }
}

/// The assembled feature: its use cases and the presenters the app shows.
public struct PapersFeature: Sendable {
    /// The use cases, wired to their repositories.
    public let useCase: PapersUseCase
    /// The clock everything was built with.
    public let clock: WallClock
    /// The terminal width presenters cut titles to.
    public let columns: Int

    /// A presenter for lists of papers.
    @MainActor public func listPresenter() -> PaperListPresenter {
        PaperListPresenter(useCase: useCase, columns: columns, now: clock.now)
    }

    /// A presenter for one paper and its favourite mark.
    @MainActor public func detailPresenter() -> PaperDetailPresenter {
        PaperDetailPresenter(useCase: useCase, now: clock.now)
    }

    /// A presenter for statistics, imports and BibTeX.
    @MainActor public func libraryPresenter() -> LibraryPresenter {
        LibraryPresenter(useCase: useCase)
    }
}
