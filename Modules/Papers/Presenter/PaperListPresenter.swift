import Core
import Foundation
import Observation
import PapersEntity
import PapersUseCase

/// Publishes a list of papers: an arXiv search, the latest in a category, the favourites or a library search.
@Observable
@MainActor
public final class PaperListPresenter {
    /// What the list shows now.
    public private(set) var state: ViewState<PaperListViewData> = .initial
    /// The last failure with its kind, so the app can exit with the matching code.
    public private(set) var failure: MessageError?

    private let useCase: PapersUseCase
    private let columns: Int
    private let now: @Sendable () -> Date

    /// Creates a presenter for a terminal `columns` wide.
    public init(useCase: PapersUseCase, columns: Int, now: @escaping @Sendable () -> Date) {
        self.useCase = useCase
        self.columns = columns
        self.now = now
    }

    /// Searches arXiv; `text` is plain words or the API's query syntax.
    public func search(
        _ text: String, field: SearchField = .all, sortBy: SortBy = .relevance, sortOrder: SortDirection = .descending,
        limit: Int = 20, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async {
        failure = await load(self, \.state) {
            let expression = try QueryParser(defaultField: field).parse(text)
            let query = try PaperQuery(expression: expression, sortBy: sortBy, sortOrder: sortOrder, limit: limit)
            return view(try await useCase.search(query, progress: progress), empty: "arXiv has no results for \(expression.apiText); try other words or --field all")
        }
    }

    /// The newest submissions in a category.
    public func latest(category: String, limit: Int = 20, progress: (@Sendable (Int, Int) -> Void)? = nil) async {
        failure = await load(self, \.state) {
            view(try await useCase.latest(category: category, limit: limit, progress: progress), empty: "arXiv has no papers in \(category); check the category name")
        }
    }

    /// The favourites.
    public func favourites() async {
        failure = await load(self, \.state) {
            view(try useCase.favourites(), empty: "no favourites yet; add one with `papers fav ID`")
        }
    }

    /// Searches the library offline.
    public func searchLibrary(_ text: String, limit: Int = 20) async {
        failure = await load(self, \.state) {
            view(try useCase.searchLibrary(text, limit: limit), empty: "nothing in the library matches '\(text)'; fetch more with `papers search` or `papers import`")
        }
    }

    private func view(_ list: PaperList, empty: String) -> PaperListViewData {
        let rows = Formatting.rows(list.papers, favourites: list.favouriteIDs, now: now(), columns: columns)
        let heading: String
        if let total = list.totalResults, total > rows.count {
            heading = "\(Formatting.count(rows.count)) of \(Formatting.count(total)) results for \(list.description)"
        } else {
            heading = "\(Formatting.plural(rows.count, "paper")) for \(list.description)"
        }
        let saved = list.saved.map { saved in
            "library: \(Formatting.count(saved.added)) added, \(Formatting.count(saved.updated)) updated, \(Formatting.count(saved.unchanged)) unchanged"
        }
        return PaperListViewData(heading: heading, rows: rows, emptyMessage: empty, savedNote: saved)
    }
}
