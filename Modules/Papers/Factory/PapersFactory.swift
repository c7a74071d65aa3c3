import Core
import Database
import Foundation
import HTTPClient
import PapersEntity
import PapersPresenter
import PapersRepository
import PapersUseCase
import SentenceEmbedding
import VectorStore

/// Builds the Papers feature: live (arXiv and the library), offline (the library alone) or in memory.
///
/// The factory creates what is shared (the database, the HTTP client, the clock) once and
/// injects it; nothing else in the feature creates its own. It reads no environment: the app
/// resolves the library file and the API endpoint and passes them in.
public enum PapersFactory {
    /// The User-Agent arXiv sees: the tool and its version, as the API's terms ask.
    public static let userAgent = "strata-papers/\(StrataVersion.current) (papers command-line arXiv library)"
    /// arXiv's own query endpoint, used unless the app is given another.
    public static let defaultAPIURL = ArxivAPI.Configuration.defaultBaseURL
    /// arXiv's OAI-PMH repository, used unless the app is given another.
    public static let defaultOAIURL = OAIPMHSource.defaultBaseURL
    /// arXiv's daily feed, used unless the app is given another.
    public static let defaultRSSURL = ArxivRSS.defaultBaseURL
    /// Limits of each HTTP attempt: a page of 2,000 entries is about 20 MB and can take a minute.
    public static let defaultLimits = HTTPLimits(idleTimeout: 60, totalTimeout: 180, maxResponseBytes: 64 << 20)

    /// arXiv at `apiURL` (queries) and `oaiURL` (harvests), and the library in the file at `databaseURL`.
    ///
    /// - Parameters:
    ///   - timeouts: seconds an attempt may stay silent and take in all, replacing `limits`' own when given.
    ///   - onRetry: told when arXiv did not answer and the client waits to try again.
    ///   - modelFolder: for what works by meaning, as `offline` takes it.
    /// - Throws: `StorageError` when the library cannot be opened or migrated.
    public static func live(
        databaseURL: URL, apiURL: URL = defaultAPIURL, oaiURL: URL = defaultOAIURL, rssURL: URL = defaultRSSURL,
        limits: HTTPLimits = defaultLimits, timeouts: (idle: Double, total: Double)? = nil,
        clock: WallClock = .live, transport: HTTPTransport = .live,
        onRetry: @escaping @Sendable (TransferRetry) -> Void = { _ in }, modelFolder: URL? = nil
    ) throws -> PapersFeature {
        var limits = limits
        if let timeouts { (limits.idleTimeout, limits.totalTimeout) = timeouts }
        let database = try openDatabase(databaseURL)
        let client = HTTPClient(
            configuration: .init(userAgent: userAgent, limits: limits, maxAttempts: 4, baseDelay: 3, maxDelay: 30),
            transport: transport, clock: clock, onRetry: onRetry)
        let requestLog = SQLiteRequestLog(database: database)
        let api = ArxivAPI(configuration: .init(baseURL: apiURL), client: client, clock: clock, requestLog: requestLog)
        // One gate for all three: arXiv's 3 s covers the query API, OAI-PMH and RSS together.
        let gate = RequestGate(clock: clock, log: requestLog)
        return feature(
            source: api, library: SQLitePaperLibrary(database: database, clock: clock),
            harvests: OAIPMHSource(baseURL: oaiURL, client: client, gate: gate),
            announcements: ArxivRSS(baseURL: rssURL, client: client, gate: gate), clock: clock,
            meaning: modelFolder.map { meaningModel(folder: $0, besideLibrary: databaseURL, access: .readWrite) })
    }

    /// The library in the file at `databaseURL` alone: no HTTP client is even created, so no connection can be opened.
    ///
    /// - Parameters:
    ///   - access: `.readOnly` for commands that only read: the file must exist and is never written.
    ///   - everyMatch: a search ranks every match however large the library, not only the
    ///     newest (see `SQLitePaperLibrary.search`).
    ///   - modelFolder: for what works by meaning, the embedding model's folder: the model is
    ///     loaded and the library's vectors file (beside it) opened, with the library's access,
    ///     when something first works by meaning.
    /// - Throws: `StorageError` when the library cannot be opened or migrated (`.missing` when a read finds no file).
    public static func offline(
        databaseURL: URL, access: StorageAccess = .readWrite, everyMatch: Bool = false, clock: WallClock = .live,
        modelFolder: URL? = nil
    ) throws -> PapersFeature {
        let database = try openDatabase(databaseURL, access: access)
        let library = SQLitePaperLibrary(
            database: database, everyMatchUpTo: everyMatch ? .max : SQLitePaperLibrary.everyMatchUpTo, clock: clock)
        return feature(
            source: OfflinePaperSource(), library: library, clock: clock,
            meaning: modelFolder.map { meaningModel(folder: $0, besideLibrary: databaseURL, access: access) })
    }

    /// The embedding model in `modelFolder` alone, with no library and no network: for embedding texts.
    ///
    /// - Throws: `PapersError.modelMissing` or `.modelDamaged` when the folder holds no usable model.
    public static func embedding(modelFolder: URL, clock: WallClock = .live) throws -> PapersFeature {
        feature(
            source: OfflinePaperSource(), library: InMemoryPaperLibrary(), clock: clock,
            meaning: MeaningModel(
                embedder: SentenceEncoderEmbedder(encoder: try loadEncoder(modelFolder)), vectors: nil))
    }

    /// Starts the program again on OpenBLAS's kernels for this processor when OpenBLAS fell back
    /// to its generic ones, and without OpenBLAS's thread pool, whose idle workers would spin beside
    /// the feature's own threads at every start (`OpenBLASKernels`): the first thing a program that
    /// embeds does.
    public static func useBestMatrixKernels() {
        OpenBLASKernels.restartWithBetterKernels(singleThreaded: true)
    }

    /// No library and no network, only the feed reader: for checking files (an import's dry run) without opening anything.
    public static func checking(clock: WallClock = .live) -> PapersFeature {
        feature(source: OfflinePaperSource(), library: InMemoryPaperLibrary(), clock: clock)
    }

    /// Everything in memory, for tests: a library holding `papers`, a source serving `remote`, feed files by path.
    public static func inMemory(
        papers: [Paper] = [], remote: [Paper] = [], feeds: [String: [Paper]] = [:],
        clock: WallClock = .reference
    ) -> PapersFeature {
        let useCase = PapersUseCase.inMemory(library: papers, remote: remote, feeds: feeds, clock: clock)
        return PapersFeature(useCase: useCase, clock: clock)
    }

    /// The model in `folder` and the vectors file beside the library at `databaseURL`, opened with
    /// the library's access, both when something first works by meaning.
    ///
    /// Read-only, the vectors are opened as their file says they were made and the model loads only if
    /// something must be embedded (`DeferredEmbedder`), so a search by a paper with a stored vector
    /// never reads it. A writer opens the vectors with the model's version: another model's vectors
    /// are then dropped, to be embedded again.
    private static func meaningModel(folder: URL, besideLibrary databaseURL: URL, access: StorageAccess)
        -> MeaningModel
    {
        let url = FileVectorIndex.url(besideLibrary: databaseURL)
        return MeaningModel { () throws(PapersError) in
            guard access != .readOnly else { return try readingParts(vectors: url, modelFolder: folder) }
            let encoder = try loadEncoder(folder)
            let vectors: VectorFile
            do throws(VectorStoreError) {
                vectors = try VectorFile.open(
                    at: url, dimensions: encoder.dimensions, model: encoder.modelVersion, access: .readWrite)
            } catch {
                throw PapersError(vectorStore: error)
            }
            return .init(embedder: SentenceEncoderEmbedder(encoder: encoder), vectors: FileVectorIndex(file: vectors))
        }
    }

    /// The vectors at `url` read-only, as made by the model their file names, and that model from
    /// `modelFolder` when first asked to embed.
    private static func readingParts(vectors url: URL, modelFolder: URL) throws(PapersError) -> MeaningModel.Parts {
        let maker: (model: String, dimensions: Int)
        let vectors: VectorFile
        do throws(VectorStoreError) {
            maker = try VectorFile.maker(at: url)
            vectors = try VectorFile.open(at: url, dimensions: maker.dimensions, model: maker.model, access: .readOnly)
        } catch {
            throw PapersError(vectorStore: error)
        }
        let embedder = DeferredEmbedder(modelVersion: maker.model, dimensions: maker.dimensions) {
            () throws(PapersError) in SentenceEncoderEmbedder(encoder: try loadEncoder(modelFolder))
        }
        return .init(embedder: embedder, vectors: FileVectorIndex(file: vectors))
    }

    /// The sentence encoder in `folder`, loaded once and shared by everything that embeds.
    private static func loadEncoder(_ folder: URL) throws(PapersError) -> SentenceEncoder {
        do throws(SentenceEmbeddingError) {
            return try SentenceEncoder(modelFolder: folder)
        } catch {
            throw PapersError(loading: error)
        }
    }

    private static func openDatabase(_ url: URL, access: StorageAccess = .readWrite) throws -> AppDatabase {
        try AppDatabase(
            url: url, migrator: PapersSchema.migrator, renamedMigrations: PapersSchema.renamedMigrations,
            applicationID: PapersSchema.applicationID,
            access: access)
    }

    private static func feature(
        source: any PaperSource, library: any PaperLibrary, harvests: any HarvestSource = OfflineHarvestSource(),
        announcements: any AnnouncementSource = OfflineAnnouncementSource(), clock: WallClock,
        meaning: MeaningModel? = nil
    ) -> PapersFeature {
        let useCase = PapersUseCase(
            source: source, library: library, feeds: FilePaperFeedReader(), harvests: harvests,
            announcements: announcements, clock: clock, meaning: meaning)
        return PapersFeature(useCase: useCase, clock: clock)
    }
}

/// The assembled feature: its use cases and the presenters the app shows.
public struct PapersFeature: Sendable {
    /// The use cases, wired to their repositories.
    public let useCase: PapersUseCase
    /// The clock everything was built with; presenters ask it what counts as recent.
    public let clock: WallClock

    /// Creates a feature from a use case and the clock it was built with.
    public init(useCase: PapersUseCase, clock: WallClock) {
        self.useCase = useCase
        self.clock = clock
    }

    /// Loads the embedding model and the library's vectors now, not at first use (`PapersUseCase.loadMeaning`).
    public func loadMeaning() throws {
        try useCase.loadMeaning()
    }

    /// A presenter for lists of papers.
    @MainActor public func makePaperListPresenter() -> PaperListPresenter {
        PaperListPresenter(useCase: useCase, now: clock.now)
    }

    /// A presenter for one paper and its favourite mark.
    @MainActor public func makePaperDetailPresenter() -> PaperDetailPresenter {
        PaperDetailPresenter(useCase: useCase, now: clock.now)
    }

    /// A presenter for saved searches and the digest.
    @MainActor public func makeDigestPresenter() -> DigestPresenter {
        DigestPresenter(useCase: useCase)
    }

    /// A presenter for statistics, imports and BibTeX.
    @MainActor public func makeLibraryPresenter() -> LibraryPresenter {
        LibraryPresenter(useCase: useCase)
    }
}
