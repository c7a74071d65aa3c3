import Core
import Foundation
import HTTPClient
import PapersEntity
import PapersFactory
import TestSupport
import Testing

@Suite("The Papers factory")
struct PapersFactoryTests {
    @Test("live sends its requests to the endpoint it is given")
    func apiURL() async throws {
        let directory = try TemporaryDirectory()
        let calls = try Calls(answering: FixtureFiles.data("arxiv", "legacy2016-au-del_maestro-10-of-31.xml"))
        let transport = calls.transport
        let live = try PapersFactory.live(
            databaseURL: directory.path("p.sqlite"), apiURL: try #require(URL(string: "http://127.0.0.1:9/q")),
            clock: ManualClock().clock, transport: transport)
        _ = try await live.useCase.search(try PaperQuery(expression: .term(.au, "del_maestro"), limit: 10))
        #expect(calls.requests.first?.url.absoluteString.hasPrefix("http://127.0.0.1:9/q?") == true)
        #expect(PapersFactory.defaultAPIURL.absoluteString == "https://export.arxiv.org/api/query")
    }

    @Test("a library file that cannot be opened is a storage error naming it")
    func unopenable() throws {
        let directory = try TemporaryDirectory()
        let blocker = directory.path("file")
        try Data("x".utf8).write(to: blocker)
        let error = #expect(throws: StorageError.self) {
            try PapersFactory.offline(databaseURL: blocker.appendingPathComponent("p.sqlite"))
        }
        #expect(error?.operation == .open)
    }

    @Test("live: fetches through the injected transport and saves to the library file, which offline then reads")
    func liveThenOffline() async throws {
        let directory = try TemporaryDirectory()
        let calls = try Calls(answering: FixtureFiles.data("arxiv", "legacy2016-au-del_maestro-10-of-31.xml"))
        let transport = calls.transport
        let databaseURL = directory.path("p.sqlite")
        let clock = ManualClock()
        let live = try PapersFactory.live(databaseURL: databaseURL, clock: clock.clock, transport: transport)
        let list = try await live.useCase.search(try PaperQuery(expression: .term(.au, "del_maestro"), limit: 10))
        #expect(list.papers.count == 10)
        #expect(calls.requests.first?.headers["User-Agent"] == PapersFactory.userAgent)
        #expect(calls.requests.first?.url.host == "export.arxiv.org")

        let offline = try PapersFactory.offline(databaseURL: databaseURL, clock: clock.clock)
        #expect(
            try await offline.useCase.searchLibrary("helium", pageSize: 5).list.papers.contains { $0.id == "1201.4869" }
        )
        #expect(try await offline.useCase.show("1201.4869").id == "1201.4869")
        await #expect(throws: PapersError.offlineLookup(["2401.00001"])) {
            try await offline.useCase.show("2401.00001")
        }
        await #expect(throws: PapersError.offlineSearch) {
            try await offline.useCase.search(try PaperQuery(expression: .term(.all, "x")))
        }
        #expect(calls.requests.count == 1)
    }

    @Test("in memory: nothing touches disk or network")
    func inMemory() async throws {
        let paper = Paper(
            id: "2401.00001", version: 1, title: "T", summary: "S", authors: [Author(name: "A")],
            published: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 0),
            primaryCategory: "cs.LG", categories: ["cs.LG"])
        let feature = PapersFactory.inMemory(remote: [paper])
        #expect(try await feature.useCase.show("2401.00001") == paper)
        #expect(try await feature.useCase.stats().papers == 1)
        let presenter = await feature.makePaperListPresenter()
        await presenter.favourites()
        #expect(await presenter.state.value?.rows.isEmpty == true)
    }
}

/// A transport that answers every request with one feed and remembers the requests.
final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [HTTPRequest] = []
    private let feed: Data

    init(answering feed: Data) { self.feed = feed }

    var transport: HTTPTransport {
        HTTPTransport { request, _ in
            self.record(request)
            return HTTPResponse(status: 200, body: self.feed)
        }
    }

    func record(_ request: HTTPRequest) { lock.withLock { stored.append(request) } }
    var requests: [HTTPRequest] { lock.withLock { stored } }
}
