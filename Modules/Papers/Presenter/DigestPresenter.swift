import Core
import Foundation
import Observation
import PapersEntity
import PapersUseCase

/// Publishes the saved searches and the digest of what is new for them.
@Observable
@MainActor
public final class DigestPresenter: Presenting {
    /// The watches, after `loadWatches()`, `addWatch` or `removeWatch`.
    public private(set) var watches: ViewState<WatchListViewData> = .initial
    /// The digest, after `loadDigest`.
    public private(set) var digest: ViewState<DigestViewData> = .initial
    /// What `--fetch` saved before the digest, if it ran.
    public private(set) var fetched: SavedCounts?
    /// Why the fetch before the digest failed, if it did: the digest then shows what the library held.
    public private(set) var fetchFailure: ViewFailure?

    @ObservationIgnored private let useCase: PapersUseCase
    @ObservationIgnored private var mark: Date?

    public init(useCase: PapersUseCase) {
        self.useCase = useCase
    }

    /// Lists the watches.
    public func loadWatches() async {
        await load(\.watches) { try await watchList(change: nil) }
    }

    /// Saves a search; its query is parsed now, so a typo is refused here, with its column.
    public func addWatch(query: String, name: String?, categories: [String]) async {
        await load(\.watches) {
            let watch = try await useCase.addWatch(query: query, name: name, categories: categories)
            return try await watchList(change: .added(watch.name))
        }
    }

    /// Saves a watch for papers whose meaning is near `description`'s, at a cosine of `threshold` or more.
    public func addMeaningWatch(description: String, name: String?, threshold: Double, categories: [String]) async {
        await load(\.watches) {
            let watch = try await useCase.addMeaningWatch(
                description: description, name: name, threshold: threshold, categories: categories)
            return try await watchList(change: .added(watch.name))
        }
    }

    /// Removes a saved search.
    public func removeWatch(named name: String) async {
        await load(\.watches) {
            try await useCase.removeWatch(named: name)
            return try await watchList(change: .removed(name))
        }
    }

    /// Loads the digest since `since` (else since the mark), first running the daily listing of
    /// the watches' categories when `fetch` is set. A fetch that fails leaves its reason in
    /// `fetchFailure` and the digest of what the library holds is loaded all the same. The mark
    /// stays until `markRead()`.
    public func loadDigest(since: Date? = nil, fetch: Bool = false) async {
        fetchFailure = nil
        await load(\.digest) {
            if fetch {
                do {
                    let saved = try await useCase.fetchForWatches().list.saved
                    fetched = saved.map { SavedCounts(added: $0.added, updated: $0.updated, unchanged: $0.unchanged) }
                } catch {
                    fetchFailure = ViewFailure(error)
                }
            }
            let digest = try await useCase.digest(since: since)
            mark = digest.mark
            return DigestViewData(
                since: digest.since.map(DisplayFormat.minute), asOf: digest.mark,
                sections: digest.sections.map(Self.section),
                favourites: digest.favourites.map(Self.entry), changed: digest.changed, embedded: digest.embedded,
                markMoved: false)
        }
    }

    /// Moves the mark past what the loaded digest showed: the next digest starts after it.
    public func markRead() async throws {
        guard let mark, case .loaded(var data) = digest else { return }
        try await useCase.markDigest(mark)
        data.markMoved = true
        digest = .loaded(data)
    }

    /// Moves the mark to `mark`, the `asOf` of a digest shown earlier (in a browser, the page the
    /// person read): papers that came after it stay for the next digest.
    public func markRead(through mark: Date) async throws {
        try await useCase.markDigest(mark)
    }

    private func watchList(change: WatchChange?) async throws -> WatchListViewData {
        WatchListViewData(
            watches: try await useCase.watches().map {
                WatchViewData(name: $0.name, query: $0.query, categories: $0.categories, threshold: $0.threshold)
            }, change: change)
    }

    private static func section(_ section: DigestSection) -> DigestSectionViewData {
        DigestSectionViewData(
            name: section.watch.name, query: section.watch.query, threshold: section.watch.threshold,
            entries: section.entries.map(entry))
    }

    private static func entry(_ entry: DigestEntry) -> DigestEntryViewData {
        let paper = entry.paper
        return DigestEntryViewData(
            shortID: paper.shortID, id: paper.id, version: paper.version, title: paper.title,
            authors: paper.authors.map(\.name), authorSummary: paper.authorSummary, category: paper.primaryCategory,
            summary: paper.summary, date: DisplayFormat.day(paper.published), published: paper.published,
            updated: paper.updated, abstractURL: paper.abstractURL, pdfURL: paper.pdfURL, reason: entry.reason,
            alsoMatches: entry.alsoMatches, isFavourite: entry.isFavourite, markedVersion: entry.markedVersion)
    }

}
