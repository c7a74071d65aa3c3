import Core
import Foundation
import HTTPClient
import PapersEntity

/// arXiv's OAI-PMH repository (`https://oaipmh.arxiv.org/oai`) as a `HarvestSource`.
///
/// - At least 3 s between two requests, across runs and together with the query API (`RequestGate`).
/// - 503 with Retry-After (arXiv's answer to a harvester that asks too fast), 5xx and connection
///   errors are retried by the `HTTPClient`.
/// - A resumption token is sent as it came, percent-encoded as a query value.
/// - A record that cannot be read is skipped and listed in the page's `response.skipped`.
public struct OAIPMHSource: HarvestSource {
    /// arXiv's repository since the 2025 rewrite.
    public static let defaultBaseURL = URL(string: "https://oaipmh.arxiv.org/oai") ?? URL(fileURLWithPath: "/")

    private let baseURL: URL
    private let client: HTTPClient
    private let gate: RequestGate
    private let parser = OAIParser()

    /// Creates the source; the factory injects the client and the gate.
    public init(baseURL: URL = defaultBaseURL, client: HTTPClient, gate: RequestGate) {
        self.baseURL = baseURL
        self.client = client
        self.gate = gate
    }

    public var endpoint: String { baseURL.absoluteString }

    /// One page of a list.
    public func listRecords(_ request: ListRecordsRequest) async throws -> OAIPage {
        var items = [URLQueryItem(name: "verb", value: "ListRecords")]
        if let token = request.token {
            items.append(URLQueryItem(name: "resumptionToken", value: token))
        } else {
            items.append(URLQueryItem(name: "metadataPrefix", value: request.format.rawValue))
            if !request.set.isEmpty { items.append(URLQueryItem(name: "set", value: request.set)) }
            if let from = request.from { items.append(URLQueryItem(name: "from", value: from)) }
        }
        return try await page(items)
    }

    /// Every set, following tokens if the list is paged.
    public func listSets() async throws -> [HarvestSet] {
        var sets: [HarvestSet] = []
        var page = try await page([URLQueryItem(name: "verb", value: "ListSets")])
        sets += page.response.sets
        var tokens: Set<String> = []
        var pages = 1
        while let token = page.response.resumptionToken {
            // A token sent twice is a list that goes round: following it would never end.
            guard tokens.insert(token).inserted else { throw PapersError.resumptionLoop(token: token, pages: pages) }
            pages += 1
            page = try await self.page([
                URLQueryItem(name: "verb", value: "ListSets"), URLQueryItem(name: "resumptionToken", value: token),
            ])
            sets += page.response.sets
        }
        if let error = page.response.error { throw PapersError.oaiError(code: error.code, message: error.message) }
        return sets
    }

    private func page(_ items: [URLQueryItem]) async throws -> OAIPage {
        let url = try self.url(items)
        let response = try await gate.get(url, with: client)
        guard response.isSuccess else {
            throw PapersError.unexpectedStatus(response.status, request: url.absoluteString)
        }
        // One damaged record must not hold the list: it is skipped and named, the rest stored.
        return try parser.page(response.body, source: url.absoluteString, skipsUnreadable: true)
    }

    private func url(_ items: [URLQueryItem]) throws -> URL {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw PapersError.invalidAPIURL(baseURL.absoluteString)
        }
        components.queryItems = (components.queryItems ?? []) + items
        // A token may hold `+`, which a query would read as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.url else { throw PapersError.invalidAPIURL(baseURL.absoluteString) }
        return url
    }
}
