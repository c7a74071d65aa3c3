import Core
import Foundation
import PapersEntity
import PapersRepository

/// What a person can do with Papers: search and harvest arXiv, keep a library, search it offline.
///
/// Every paper fetched from arXiv is saved in the library (in one transaction with its fetch
/// record), so a later offline run finds it. No I/O here: arXiv, the library and feed files
/// are reached through the injected repositories, and time through the clock.
public struct PapersUseCase: Sendable {
    private let source: any PaperSource
    let library: any PaperLibrary
    private let feeds: any PaperFeedReader
    let harvests: any HarvestSource
    private let announcementSource: any AnnouncementSource
    let clock: WallClock
    let meaning: MeaningModel?

    /// Creates the use cases over a source of papers, the library, a reader of feed files, an
    /// OAI-PMH repository to harvest, the daily announcements, a clock and, for what works by
    /// meaning, the embedding model and the library's vectors.
    public init(
        source: any PaperSource, library: any PaperLibrary, feeds: any PaperFeedReader, harvests: any HarvestSource,
        announcements: any AnnouncementSource, clock: WallClock, meaning: MeaningModel? = nil
    ) {
        self.meaning = meaning
        self.source = source
        self.library = library
        self.feeds = feeds
        self.harvests = harvests
        self.announcementSource = announcements
        self.clock = clock
    }

    /// The latest day's announcements in `categories`, those of `types` kept and saved in the library.
    ///
    /// The feed gives no date of a paper's first version, so a paper new to the library gets the
    /// announcement day; the library keeps an earlier date it knows (see `PaperLibrary`).
    /// - Throws: `PapersError.notACategory`, `.badArchive`, and the source's and the library's errors.
    public func announcements(categories: [String], types: Set<AnnounceType>) async throws -> AnnouncementList {
        guard !categories.isEmpty else { throw PapersError.notACategory("") }
        for category in categories { try Self.checkCategory(category) }
        let feed = try await announcementSource.announcements(categories: categories)
        let kept = feed.announcements.filter { types.contains($0.type) }
        let papers = kept.map(\.paper)
        let saved = try await library.save(
            papers, fetchedBy: "rss:" + categories.joined(separator: "+"), at: clock.now())
        var list = PaperList(
            papers: papers, favouriteIDs: try await library.favouriteIDs(), totalResults: nil, saved: saved,
            description: categories.joined(separator: ", "))
        list.announceTypes = kept.map(\.type)
        return AnnouncementList(list: list, unfiltered: feed.announcements.count, day: feed.day)
    }

    /// Searches arXiv and saves what comes back.
    public func search(_ query: PaperQuery, progress: FetchProgress? = nil) async throws -> PaperList {
        let result = try await source.fetch(query, progress: progress)
        let saved = try await library.save(result.papers, fetchedBy: query.summary, at: clock.now())
        return PaperList(
            papers: result.papers, favouriteIDs: try await library.favouriteIDs(), totalResults: result.totalResults,
            saved: saved, description: query.summary)
    }

    /// The newest submissions in a category, such as `cs.LG`.
    public func latest(category: String, limit: Int, progress: FetchProgress? = nil) async throws -> PaperList {
        try Self.checkCategory(category)
        let query = try PaperQuery(
            expression: .term(.cat, category), sortBy: .submittedDate, sortOrder: .descending, limit: limit)
        return try await search(query, progress: progress)
    }

    /// One paper: from the library when it has the version asked for, else from arXiv (and then saved).
    public func show(_ id: String) async throws -> Paper {
        try await papers([id]).first.orThrow(PapersError.paperNotFound(id))
    }

    /// Several papers in the order given, fetching the ones the library lacks in one request.
    public func papers(_ ids: [String]) async throws -> [Paper] {
        let parsed = try ids.map(Self.parseID)
        var found: [String: Paper] = [:]
        var missing: [ArxivID] = []
        let stored = try await library.papers(ids: parsed.map(\.base))
        for id in parsed {
            if let paper = stored[id.base], id.version == nil || id.version == paper.version {
                found[id.description] = paper
            } else {
                missing.append(id)
            }
        }
        if !missing.isEmpty {
            let query = try PaperQuery(ids: missing, limit: missing.count)
            let result = try await source.fetch(query, progress: nil)
            try await library.save(result.papers, fetchedBy: query.summary, at: clock.now())
            for id in missing {
                found[id.description] = result.papers.first {
                    $0.id == id.base && (id.version == nil || id.version == $0.version)
                }
            }
        }
        return try parsed.map { id in
            try found[id.description].orThrow(PapersError.paperNotFound(id.description))
        }
    }

    /// Marks a paper as a favourite, fetching it first if the library lacks it.
    public func favourite(_ id: String) async throws -> FavouriteChange {
        let paper = try await show(id)
        let changed = try await library.setFavourite(id: paper.id, true, at: clock.now())
        return FavouriteChange(paper: paper, isFavourite: true, changed: changed)
    }

    /// Removes a paper from the favourites; the paper stays in the library.
    public func unfavourite(_ id: String) async throws -> FavouriteChange {
        let arxivID = try Self.parseID(id)
        guard let paper = try await library.paper(id: arxivID.base) else {
            throw PapersError.notAFavourite(arxivID.base)
        }
        let changed = try await library.setFavourite(id: paper.id, false, at: clock.now())
        return FavouriteChange(paper: paper, isFavourite: false, changed: changed)
    }

    /// The favourites, most recently marked first.
    public func favourites() async throws -> PaperList {
        let papers = try await library.favourites()
        var list = PaperList(
            papers: papers, favouriteIDs: Set(papers.map(\.id)), totalResults: papers.count, saved: nil,
            description: "favourites")
        list.markedVersions = try await library.markedVersions()
        return list
    }

    /// One page of a library search, offline: `text` in the query language (`QueryParser`),
    /// `page` from 1, `pageSize` papers a page.
    ///
    /// - Throws: `PapersError.badQuery` with the column of the problem, `.limitOutOfRange` for a
    ///   page size below 1, `.pageOutOfRange` for a page past the last (page 1 is never past it).
    public func searchLibrary(_ text: String, page: Int = 1, pageSize: Int) async throws -> LibrarySearchResult {
        guard pageSize > 0 else { throw PapersError.limitOutOfRange(pageSize, allowed: 1...Int.max) }
        let expression = try QueryParser().parseLocating(text)
        let found = try await library.search(expression, offset: max(0, page - 1) * pageSize, limit: pageSize)
        let total = if let known = found.total { known } else { try await library.count(expression) }
        let reachable = min(total.atLeast, found.rankedNewest ?? .max)
        let lastPage = max(1, (reachable + pageSize - 1) / pageSize)
        guard page >= 1, page == 1 || !found.papers.isEmpty else {
            throw PapersError.pageOutOfRange(page: page, pages: lastPage)
        }
        return LibrarySearchResult(
            list: PaperList(
                papers: found.papers, favouriteIDs: try await library.favouriteIDs(), totalResults: nil, saved: nil,
                description: text),
            expression: expression,
            snippets: Dictionary(
                found.papers.map { ($0.id, MarkedText.snippet(of: $0.summary, matching: expression)) },
                uniquingKeysWith: { first, _ in first }),
            total: total, page: page, pageSize: pageSize, lastPage: lastPage, rankedNewest: found.rankedNewest)
    }

    /// The `limit` papers of the library whose version 1 is newest.
    public func newest(limit: Int) async throws -> PaperList {
        PaperList(
            papers: try await library.newest(limit: limit), favouriteIDs: try await library.favouriteIDs(),
            totalResults: nil, saved: nil, description: "the newest in the library")
    }

    /// The ids of the favourites.
    public func favouriteIDs() async throws -> Set<String> { try await library.favouriteIDs() }

    /// Counts, top categories and dates of the library.
    public func stats() async throws -> LibraryStats { try await library.stats() }

    /// What is damaged in the library and, with `fix`, what was repaired.
    public func checkLibrary(fix: Bool) async throws -> LibraryHealth { try await library.checkHealth(fix: fix) }

    /// Imports saved API responses into the library, all files in one transaction.
    ///
    /// With `dryRun` the files are only parsed and counted. A file that is not a feed, is cut
    /// short or holds an API error imports nothing, from any of the files.
    public func importFeeds(_ files: [URL], dryRun: Bool = false) async throws -> ImportReport {
        guard !files.isEmpty else { throw PapersError.noFilesToImport }
        let seen = RepeatFilter()
        if dryRun {
            for file in files { try await read(file) { papers in for paper in papers { _ = seen.isNew(paper) } } }
            return ImportReport(files: files.count, papers: seen.distinct, repeats: seen.repeats, saved: nil)
        }
        let saved = try await library.importing { save in
            for file in files { try await read(file) { papers in try await save(papers.filter(seen.isNew)) } }
        }
        return ImportReport(files: files.count, papers: seen.distinct, repeats: seen.repeats, saved: saved)
    }

    /// The BibTeX entries of the papers, fetching the ones the library lacks.
    public func bibTeX(_ ids: [String]) async throws -> [Paper] {
        guard !ids.isEmpty else { throw PapersError.noIDs }
        return try await papers(ids)
    }

    /// Reads one feed file; a saved error response is bad input for an import, not an error of arXiv's now.
    private func read(_ file: URL, onPapers: ([Paper]) async throws -> Void) async throws {
        do {
            try await feeds.read(file, onPapers: onPapers)
        } catch PapersError.apiError(let message), PapersError.oaiError(_, let message) {
            throw PapersError.savedErrorResponse(file: file.path, message: message)
        }
    }

    /// Throws `PapersError.notACategory` unless `category` looks like one: letters, dots and dashes.
    static func checkCategory(_ category: String) throws {
        guard !category.isEmpty, category.allSatisfy({ $0.isLetter || $0 == "." || $0 == "-" }) else {
            throw PapersError.notACategory(category)
        }
    }

    /// Parses an id, or throws `PapersError.notAnArxivID`.
    static func parseID(_ text: String) throws -> ArxivID {
        guard let id = ArxivID(parsing: text) else {
            if let (base, version) = ArxivID.invalidVersion(in: text) {
                throw PapersError.notAVersion(id: base, version: version)
            }
            throw PapersError.notAnArxivID(text)
        }
        return id
    }
}

extension Optional {
    fileprivate func orThrow(_ error: PapersError) throws -> Wrapped {
        guard let self else { throw error }
        return self
    }
}
