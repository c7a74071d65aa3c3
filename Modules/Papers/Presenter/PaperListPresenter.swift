import Core
import Foundation
import Observation
import PapersEntity
import PapersUseCase

/// Publishes a list of papers: an arXiv search, the latest in a category, the favourites or a library search.
@Observable
@MainActor
public final class PaperListPresenter: Presenting {
    /// What the list shows now.
    public private(set) var state: ViewState<PaperListViewData> = .initial

    @ObservationIgnored private let useCase: PapersUseCase
    @ObservationIgnored private let now: @Sendable () -> Date

    /// Creates a presenter; `now` decides which papers count as recent.
    public init(useCase: PapersUseCase, now: @escaping @Sendable () -> Date) {
        self.useCase = useCase
        self.now = now
    }

    /// Searches arXiv; `text` is plain words or the API's query syntax.
    public func search(
        _ text: String, field: SearchField = .all, sortBy: SortBy = .relevance, sortOrder: SortDirection = .descending,
        limit: Int = 20, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async {
        await load(\.state) {
            let expression = try QueryParser(defaultField: field).parse(text)
            let query = try PaperQuery(expression: expression, sortBy: sortBy, sortOrder: sortOrder, limit: limit)
            return view(try await useCase.search(query, progress: progress), subject: .arxivSearch(expression.apiText))
        }
    }

    /// The newest submissions in a category.
    public func latest(category: String, limit: Int = 20, progress: (@Sendable (Int, Int) -> Void)? = nil) async {
        await load(\.state) {
            view(
                try await useCase.latest(category: category, limit: limit, progress: progress),
                subject: .category(category))
        }
    }

    /// The latest day's announcements in `categories`, those of `types` kept (and saved).
    public func announcements(categories: [String], types: Set<AnnounceType> = Set(AnnounceType.allCases)) async {
        await load(\.state) {
            let found = try await useCase.announcements(categories: categories, types: types)
            return view(
                found.list,
                subject: .announcements(
                    categories.joined(separator: ", "), unfiltered: found.unfiltered,
                    day: found.day.map(DisplayFormat.day)))
        }
    }

    /// The favourites.
    public func favourites() async {
        await load(\.state) {
            view(try await useCase.favourites(), subject: .favourites)
        }
    }

    /// One page of a library search, offline; `page` from 1.
    public func searchLibrary(_ text: String, page: Int = 1, pageSize: Int = 20) async {
        await load(\.state) {
            let found = try await useCase.searchLibrary(text, page: page, pageSize: pageSize)
            var data = view(found.list, subject: .librarySearch(text), snippets: found.snippets)
            let total = found.total
            data.range = ResultRangeViewData(
                first: found.first, last: found.first + found.list.papers.count - 1, total: total.atLeast,
                totalIsLowerBound: total != .exactly(total.atLeast), page: found.page, lastPage: found.lastPage,
                pageSize: found.pageSize, rankedNewest: found.rankedNewest)
            return data
        }
    }

    /// The papers of the library whose version 1 is newest, offline.
    public func newest(limit: Int = 10) async {
        await load(\.state) { view(try await useCase.newest(limit: limit), subject: .newest) }
    }

    /// Papers in the library like the one with `id`, offline.
    public func similar(to id: String, limit: Int = 10) async {
        await load(\.state) {
            let found = try await useCase.similar(to: id, limit: limit)
            let list = PaperList(
                papers: found.similar, favouriteIDs: try await useCase.favouriteIDs(), totalResults: nil, saved: nil,
                description: "like \(found.paper.shortID)")
            return view(list, subject: .similar(found.paper.shortID))
        }
    }

    /// Papers in the library nearest in meaning to the one with `id`, offline.
    public func similarByMeaning(to id: String, limit: Int = 10) async {
        await load(\.state) {
            let found = try await useCase.similarByMeaning(to: id, limit: limit)
            return try await meaningView(
                found.similar, unembedded: found.unembedded, description: "like \(found.paper.shortID) in meaning",
                subject: .similarByMeaning(found.paper.shortID))
        }
    }

    /// Papers in the library nearest in meaning to `text`, offline.
    public func searchByMeaning(_ text: String, limit: Int = 10) async {
        await load(\.state) {
            let found = try await useCase.searchByMeaning(text, limit: limit)
            return try await meaningView(
                found.matches, unembedded: found.unembedded, description: text, subject: .meaningSearch(text))
        }
    }

    private func meaningView(
        _ matches: [MeaningMatch], unembedded: Int, description: String, subject: PaperListSubject
    ) async throws -> PaperListViewData {
        let list = PaperList(
            papers: matches.map(\.paper), favouriteIDs: try await useCase.favouriteIDs(), totalResults: nil,
            saved: nil, description: description)
        var data = view(list, subject: subject)
        data.scores = matches.map(\.score)
        data.unembedded = unembedded
        return data
    }

    private func view(_ list: PaperList, subject: PaperListSubject, snippets: [String: MarkedText]? = nil)
        -> PaperListViewData
    {
        PaperListViewData(
            rows: Formatting.rows(
                list.papers, favourites: list.favouriteIDs, markedVersions: list.markedVersions,
                announceTypes: list.announceTypes, snippets: snippets, now: now()),
            subject: subject,
            description: list.description, totalResults: list.totalResults,
            saved: list.saved.map { SavedCounts(added: $0.added, updated: $0.updated, unchanged: $0.unchanged) })
    }
}
