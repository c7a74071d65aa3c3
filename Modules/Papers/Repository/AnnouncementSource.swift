import Core
import Foundation
import HTTPClient
import PapersEntity

/// Where a day's announcements come from: arXiv's daily feed, or a feed in memory for tests.
public protocol AnnouncementSource: Sendable {
    /// The latest day's announcements in `categories` (archives such as `hep-th`, or categories such as `cs.LG`).
    ///
    /// - Throws: `PapersError.badArchive`, `.badFeed`, `.unexpectedStatus`, or the HTTP client's errors.
    func announcements(categories: [String]) async throws -> AnnouncementFeed
}

/// arXiv's daily feed, `https://rss.arxiv.org/rss/cs.LG+stat.ML`, behind the same 3 s gate as the other interfaces.
public struct ArxivRSS: AnnouncementSource {
    /// arXiv's feed base.
    public static let defaultBaseURL = URL(string: "https://rss.arxiv.org/rss") ?? URL(fileURLWithPath: "/")

    private let baseURL: URL
    private let client: HTTPClient
    private let gate: RequestGate
    private let parser = RSSParser()

    public init(baseURL: URL = defaultBaseURL, client: HTTPClient, gate: RequestGate) {
        self.baseURL = baseURL
        self.client = client
        self.gate = gate
    }

    public func announcements(categories: [String]) async throws -> AnnouncementFeed {
        let url = baseURL.appendingPathComponent(categories.joined(separator: "+"))
        let response = try await gate.get(url, with: client)
        guard response.isSuccess else {
            throw PapersError.unexpectedStatus(response.status, request: url.absoluteString)
        }
        return try parser.feed(response.body, source: url.absoluteString)
    }
}

/// A day's feed in memory, for tests; the categories asked for are kept.
public struct InMemoryAnnouncementSource: AnnouncementSource {
    private let result: Result<AnnouncementFeed, PapersError>

    public init(_ result: Result<AnnouncementFeed, PapersError>) {
        self.result = result
    }

    public func announcements(categories: [String]) async throws -> AnnouncementFeed { try result.get() }
}

/// No feed: a run that may not use the network.
public struct OfflineAnnouncementSource: AnnouncementSource {
    public init() {}

    public func announcements(categories: [String]) async throws -> AnnouncementFeed {
        throw PapersError.offlineAnnouncements
    }
}
