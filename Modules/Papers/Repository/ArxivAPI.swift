import Core
import Foundation
import HTTPClient
import PapersEntity

/// The arXiv API (`/api/query`) as a `PaperSource`: paged, throttled to the API's terms, retried.
///
/// - Pages of at most 2,000 and at most 30,000 results per query (the API's limits).
/// - At least 3 s between two requests, across runs too (`RequestGate`).
/// - 429, 5xx and connection errors are retried by the `HTTPClient` (honouring Retry-After);
///   an empty page in the middle of a result set, a known fault of the API, is asked for again.
public struct ArxivAPI: PaperSource {
    /// How the API is called.
    public struct Configuration: Sendable, Equatable {
        /// arXiv's own endpoint.
        public static let defaultBaseURL =
            URL(string: "https://export.arxiv.org/api/query") ?? URL(fileURLWithPath: "/")

        /// The query endpoint.
        public var baseURL: URL
        /// Results per request, at most 2,000.
        public var pageSize: Int
        /// Seconds between two requests, 3 by the API's terms.
        public var minimumInterval: Double
        /// How often an empty page in the middle of a result set is asked for again.
        public var emptyPageRetries: Int

        public init(
            baseURL: URL = Configuration.defaultBaseURL, pageSize: Int = PaperQuery.maxPageSize,
            minimumInterval: Double = 3, emptyPageRetries: Int = 3
        ) {
            self.baseURL = baseURL
            self.pageSize = max(1, min(PaperQuery.maxPageSize, pageSize))
            self.minimumInterval = minimumInterval
            self.emptyPageRetries = max(0, emptyPageRetries)
        }
    }

    private let configuration: Configuration
    private let client: HTTPClient
    private let gate: RequestGate
    private let parser = AtomFeedParser()

    /// Creates the API source; the factory injects the client, the clock and the request log.
    public init(configuration: Configuration, client: HTTPClient, clock: WallClock, requestLog: any RequestLog) {
        self.configuration = configuration
        self.client = client
        gate = RequestGate(interval: configuration.minimumInterval, clock: clock, log: requestLog)
    }

    /// Fetches every page of `query` up to its limit.
    public func fetch(_ query: PaperQuery, progress: FetchProgress?) async throws -> FetchResult {
        var papers: [Paper] = []
        var seen = Set<String>()
        var start = 0
        var total: Int?
        while papers.count < query.limit {
            let size = min(configuration.pageSize, query.limit - papers.count)
            let page = try await pageWithRetries(query, start: start, size: size, knownTotal: total)
            total = page.header.totalResults ?? total
            if page.papers.isEmpty { break }
            // Paging over a changing result set can repeat a paper; keep the first.
            for paper in page.papers where seen.insert(paper.id).inserted && papers.count < query.limit {
                papers.append(paper)
            }
            start += page.papers.count
            progress?(papers.count, min(query.limit, total ?? papers.count))
            if let total, start >= total { break }
            if total == nil, page.papers.count < size { break }
        }
        return FetchResult(papers: papers, totalResults: total ?? papers.count)
    }

    /// One page; an empty page before the end of the result set is asked for again, a few times.
    private func pageWithRetries(_ query: PaperQuery, start: Int, size: Int, knownTotal: Int?) async throws -> FeedPage
    {
        var attempt = 0
        while true {
            let page = try await fetchPage(query, start: start, size: size)
            let total = page.header.totalResults ?? knownTotal ?? 0
            guard page.papers.isEmpty, start < total else { return page }
            guard attempt < configuration.emptyPageRetries else {
                throw PapersError.emptyPage(start: start, total: total, attempts: attempt + 1)
            }
            attempt += 1
        }
    }

    private func fetchPage(_ query: PaperQuery, start: Int, size: Int) async throws -> FeedPage {
        let url = try pageURL(query, start: start, size: size)
        let response = try await gate.get(url, with: client)
        guard response.isSuccess else {
            // An error feed says what is wrong (the parser throws its message); anything else gets the status.
            if let apiError = apiError(in: response.body, source: url.absoluteString) { throw apiError }
            throw PapersError.unexpectedStatus(response.status, request: url.absoluteString)
        }
        return try parser.page(response.body, source: url.absoluteString)
    }

    private func apiError(in body: Data, source: String) -> PapersError? {
        do {
            _ = try parser.page(body, source: source)
            return nil
        } catch let error as PapersError {
            if case .apiError = error { return error }
            return nil
        } catch {
            return nil
        }
    }

    /// The request URL of one page.
    func pageURL(_ query: PaperQuery, start: Int, size: Int) throws -> URL {
        guard var components = URLComponents(url: configuration.baseURL, resolvingAgainstBaseURL: false) else {
            throw PapersError.invalidAPIURL(configuration.baseURL.absoluteString)
        }
        var items = components.queryItems ?? []
        if let expression = query.expression {
            items.append(URLQueryItem(name: "search_query", value: expression.apiText))
        }
        if !query.ids.isEmpty {
            items.append(URLQueryItem(name: "id_list", value: query.ids.map(\.description).joined(separator: ",")))
        }
        items += [
            URLQueryItem(name: "start", value: String(start)),
            URLQueryItem(name: "max_results", value: String(size)),
            URLQueryItem(name: "sortBy", value: query.sortBy.rawValue),
            URLQueryItem(name: "sortOrder", value: query.sortOrder.rawValue),
        ]
        components.queryItems = items
        // `+` means a space to arXiv; a literal plus in a term must be escaped.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else {
            throw PapersError.invalidAPIURL(configuration.baseURL.absoluteString)
        }
        return url
    }
}
