import Foundation
import PapersEntity
import Synchronization

/// Reports paging progress: papers fetched so far and papers expected in all.
public typealias FetchProgress = @Sendable (_ done: Int, _ total: Int) -> Void

/// What one query fetched: the papers and how many the whole result set has.
public struct FetchResult: Sendable, Equatable {
    /// The papers, in the API's order, at most the query's limit.
    public var papers: [Paper]
    /// Results the API has for the query (may exceed what was fetched).
    public var totalResults: Int

    public init(papers: [Paper], totalResults: Int) {
        self.papers = papers
        self.totalResults = totalResults
    }
}

/// Where papers come from when the library does not have them.
public protocol PaperSource: Sendable {
    /// Fetches every page of `query`, up to its limit, reporting progress after each page.
    func fetch(_ query: PaperQuery, progress: FetchProgress?) async throws -> FetchResult
}

/// The source of an offline run: it never opens a connection and says so clearly.
public struct OfflinePaperSource: PaperSource {
    public init() {}

    /// Always throws: an offline run has only the library, so a missing paper is not found and a search is a usage error.
    ///
    /// - Throws: `PapersError.offlineLookup` for ids alone, `.offlineSearch` for a search.
    public func fetch(_ query: PaperQuery, progress: FetchProgress?) async throws -> FetchResult {
        if query.expression == nil { throw PapersError.offlineLookup(query.ids.map(\.description)) }
        throw PapersError.offlineSearch
    }
}

/// Papers served from memory, for tests and demos: ids match exactly, words match anywhere.
public final class InMemoryPaperSource: PaperSource {
    private let papers: [Paper]
    private let log = Log()

    /// Creates a source holding `papers`.
    public init(papers: [Paper]) { self.papers = papers }

    /// Every query asked so far, in order.
    public var queries: [PaperQuery] { log.queries }

    /// The listed papers that match the search, up to the limit.
    public func fetch(_ query: PaperQuery, progress: FetchProgress?) async throws -> FetchResult {
        log.append(query)
        let matching = papers.filter { paper in
            (query.ids.isEmpty || query.ids.contains { $0.base == paper.id })
                && (query.expression.map { Self.matches($0, paper) } ?? true)
        }
        progress?(min(query.limit, matching.count), min(query.limit, matching.count))
        return FetchResult(papers: Array(matching.prefix(query.limit)), totalResults: matching.count)
    }

    static func matches(_ expression: QueryExpression, _ paper: Paper) -> Bool {
        switch expression {
        case .term(let field, let words), .phrase(let field, let words):
            let haystack: String =
                switch field {
                case .ti: paper.title
                case .au: paper.authors.map(\.name).joined(separator: " ")
                case .abs: paper.summary
                case .cat: paper.categories.joined(separator: " ")
                case .co: paper.comment ?? ""
                case .jr: paper.journalRef ?? ""
                case .rn: ""
                case .all:
                    [
                        paper.title, paper.summary, paper.authors.map(\.name).joined(separator: " "),
                        paper.categories.joined(separator: " "),
                    ].joined(separator: " ")
                }
            return haystack.localizedCaseInsensitiveContains(words.replacingOccurrences(of: "_", with: " "))
        case .and(let left, let right): return matches(left, paper) && matches(right, paper)
        case .or(let left, let right): return matches(left, paper) || matches(right, paper)
        case .andNot(let left, let right): return matches(left, paper) && !matches(right, paper)
        }
    }

    private final class Log: Sendable {
        private let stored = Mutex<[PaperQuery]>([])
        func append(_ query: PaperQuery) { stored.withLock { $0.append(query) } }
        var queries: [PaperQuery] { stored.withLock { $0 } }
    }
}
