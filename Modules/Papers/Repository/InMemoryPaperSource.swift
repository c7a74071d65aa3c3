import Foundation
import PapersEntity
import Synchronization

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
                case .id: paper.id
                case .doi: paper.doi ?? ""
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
