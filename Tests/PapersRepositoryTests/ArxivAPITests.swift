import Core
import Foundation
import HTTPClient
import PapersEntity
import PapersRepository
import TestSupport
import Testing

@Suite("The arXiv API against a loopback server")
struct ArxivAPITests {
    func api(
        _ server: LoopbackServer, clock: ManualClock, log: any RequestLog = InMemoryRequestLog(), pageSize: Int = 2_000,
        idleTimeout: Double = 5, attempts: Int = 3
    ) -> ArxivAPI {
        let client = HTTPClient(
            configuration: .init(
                userAgent: "strata-papers/test", limits: HTTPLimits(idleTimeout: idleTimeout, totalTimeout: 10),
                maxAttempts: attempts, baseDelay: 3),
            clock: clock.clock)
        return ArxivAPI(
            configuration: .init(baseURL: server.baseURL.appendingPathComponent("api/query"), pageSize: pageSize),
            client: client, clock: clock.clock, requestLog: log)
    }

    func query(_ limit: Int) throws -> PaperQuery {
        try PaperQuery(expression: .term(.all, "testing"), sortBy: .submittedDate, limit: limit)
    }

    /// Serves the recorded entries as a result set of `total`, paged by `start` and `max_results`.
    func pagedServer(total: Int = 100, override: (@Sendable (Int, Int) -> LoopbackServer.Reply?)? = nil) throws
        -> LoopbackServer
    {
        let entries = try Feeds.recordedEntries()
        let count = Counter()
        return try LoopbackServer { request in
            let parameters = Feeds.parameters(request.target)
            let start = Int(parameters["start"] ?? "") ?? 0
            let size = Int(parameters["max_results"] ?? "") ?? 10
            if let reply = override?(count.next(), start) { return reply }
            let slice = Array(entries[min(start, entries.count)..<min(start + size, total, entries.count)])
            return .respond(status: 200, body: Feeds.page(slice, total: total, start: start))
        }
    }

    @Test("pages of the configured size, 3 s apart on the injected clock, with the tool's User-Agent")
    func paging() async throws {
        let server = try pagedServer()
        let clock = ManualClock()
        let progress = ProgressLog()
        let result = try await api(server, clock: clock, pageSize: 2).fetch(try query(5)) { progress.append($0, $1) }
        #expect(result.papers.count == 5)
        #expect(result.totalResults == 100)
        let pages = server.requests.map { Feeds.parameters($0.target) }
        #expect(pages.map { $0["start"] } == ["0", "2", "4"])
        #expect(pages.map { $0["max_results"] } == ["2", "2", "1"])
        #expect(pages.first?["search_query"] == "all:testing")
        #expect(pages.first?["sortBy"] == "submittedDate" && pages.first?["sortOrder"] == "descending")
        #expect(server.requests.allSatisfy { $0.headers["user-agent"] == "strata-papers/test" })
        #expect(clock.sleeps == [3, 3])
        #expect(progress.values.map(\.done) == [2, 4, 5])
        #expect(progress.values.last?.total == 5)
    }

    @Test("the delay holds across runs: the last request's time comes from the request log")
    func delayAcrossRuns() async throws {
        let server = try pagedServer()
        let clock = ManualClock()
        let log = InMemoryRequestLog(lastRequest: clock.now.addingTimeInterval(-1))
        _ = try await api(server, clock: clock, log: log).fetch(try query(3), progress: nil)
        #expect(clock.sleeps == [2])
        #expect(try await log.lastRequestTime() == clock.now)
    }

    @Test("503 and 429 with Retry-After are retried, honouring the server's wait")
    func retries() async throws {
        let server = try pagedServer { call, _ in
            switch call {
            case 0: .respond(status: 503)
            case 1: .respond(status: 429, headers: ["Retry-After": "7"])
            default: nil
            }
        }
        let clock = ManualClock()
        let result = try await api(server, clock: clock).fetch(try query(3), progress: nil)
        #expect(result.papers.count == 3)
        #expect(server.requests.count == 3)
        #expect(clock.sleeps == [3, 7])
    }

    @Test("an empty page in the middle of a result set is asked for again")
    func emptyPageMidway() async throws {
        let server = try pagedServer { call, start in
            call == 1 && start == 2 ? .respond(status: 200, body: Feeds.page([], total: 100, start: 2)) : nil
        }
        let clock = ManualClock()
        let result = try await api(server, clock: clock, pageSize: 2).fetch(try query(4), progress: nil)
        #expect(result.papers.count == 4)
        #expect(server.requests.map { Feeds.parameters($0.target)["start"] } == ["0", "2", "2"])
        #expect(clock.sleeps == [3, 3])
    }

    @Test("an empty page that never fills gives up with a clear remote error")
    func emptyPageForever() async throws {
        let server = try pagedServer { _, start in
            start >= 2 ? .respond(status: 200, body: Feeds.page([], total: 100, start: start)) : nil
        }
        await #expect(throws: PapersError.emptyPage(start: 2, total: 100, attempts: 4)) {
            try await api(server, clock: ManualClock(), pageSize: 2).fetch(try query(4), progress: nil)
        }
        #expect(server.requests.count == 5)
    }

    @Test("the end of the result set stops paging; zero results are an empty result")
    func endOfResults() async throws {
        let server = try pagedServer(total: 3)
        let result = try await api(server, clock: ManualClock(), pageSize: 2).fetch(try query(50), progress: nil)
        #expect(result.papers.count == 3)
        #expect(server.requests.count == 2)
        let empty = try LoopbackServer(replies: [
            .respond(status: 200, body: try Feeds.fixture("empty-id-0000.0000.xml"))
        ])
        let none = try await api(empty, clock: ManualClock()).fetch(try query(10), progress: nil)
        #expect(none.papers.isEmpty && none.totalResults == 0)
    }

    @Test("the error feed is an API error with HTTP 400 and with 200", arguments: [400, 200])
    func errorFeed(status: Int) async throws {
        let server = try LoopbackServer(replies: [
            .respond(status: status, body: try Feeds.fixture("error-id-abc-http400.xml"))
        ])
        await #expect(throws: PapersError.apiError("incorrect id format for abc")) {
            try await api(server, clock: ManualClock()).fetch(
                try PaperQuery(ids: [ArxivID(base: "2401.12345", version: nil)], limit: 1), progress: nil)
        }
    }

    @Test("an HTML error page with 200 is bad data; with 404 a remote error naming the status")
    func htmlPage() async throws {
        let html = Data("<html><body>Oops</body></html>".utf8)
        let ok = try LoopbackServer(replies: [.respond(status: 200, body: html)])
        let bad = await #expect(throws: PapersError.self) {
            try await api(ok, clock: ManualClock()).fetch(try query(1), progress: nil)
        }
        guard case .badFeed(_, .wrongRoot(root: "html", namespace: nil, expected: .atom)) = bad else {
            Issue.record("expected an HTML root, got \(String(describing: bad))")
            return
        }
        let missing = try LoopbackServer(replies: [.respond(status: 404, body: html)])
        let remote = await #expect(throws: PapersError.self) {
            try await api(missing, clock: ManualClock()).fetch(try query(1), progress: nil)
        }
        guard case .unexpectedStatus(404, _) = remote else {
            Issue.record("expected HTTP 404, got \(String(describing: remote))")
            return
        }
        #expect(remote?.kind == .remote)
    }

    @Test("a hung connection times out as a network error")
    func hung() async throws {
        let server = try LoopbackServer(replies: [.hang])
        defer { server.stop() }
        let error = await #expect(throws: TransferError.self) {
            try await api(server, clock: ManualClock(), idleTimeout: 0.5, attempts: 2).fetch(
                try query(1), progress: nil)
        }
        #expect(error?.kind == .network)
    }

    @Test("a body cut short is retried; well-formed-length but truncated XML is bad data")
    func truncated() async throws {
        let full = try Feeds.fixture("search-all-testing-100-entries.xml")
        let server = try LoopbackServer(replies: [
            .truncate(declared: full.count, body: full.prefix(10_000)),
            .respond(status: 200, body: full),
        ])
        // A long idle timeout: a stalled test run must not add a retry of its own.
        let result = try await api(server, clock: ManualClock(), idleTimeout: 60).fetch(try query(100), progress: nil)
        #expect(result.papers.count == 100)
        #expect(server.requests.count == 2)
        let cut = try LoopbackServer(replies: [.respond(status: 200, body: full.prefix(10_000))])
        let error = await #expect(throws: PapersError.self) {
            try await api(cut, clock: ManualClock()).fetch(try query(100), progress: nil)
        }
        guard case .badFeed(_, .notWellFormed) = error else {
            Issue.record("expected XML that is not well-formed, got \(String(describing: error))")
            return
        }
    }

    @Test("the offline source never fetches and says what to do")
    func offline() async throws {
        await #expect(throws: PapersError.offlineSearch) {
            try await OfflinePaperSource().fetch(try query(1), progress: nil)
        }
        #expect(PapersError.offlineSearch.kind == .usage)
        await #expect(throws: PapersError.offlineLookup(["2401.12345"])) {
            try await OfflinePaperSource().fetch(
                try PaperQuery(ids: [ArxivID(base: "2401.12345", version: nil)], limit: 1), progress: nil)
        }
        #expect(PapersError.offlineLookup([]).kind == .notFound)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }
}

final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [(done: Int, total: Int)] = []
    func append(_ done: Int, _ total: Int) { lock.withLock { stored.append((done, total)) } }
    var values: [(done: Int, total: Int)] { lock.withLock { stored } }
}
