import Core
import Foundation
import HTTPClient
import PapersEntity
import PapersFactory
import TestSupport
import Testing

@Suite("The Papers factory")
struct PapersFactoryTests {
    @Test("the library path: --db, then $STRATA_PAPERS_DB, then $XDG_DATA_HOME/strata/papers.sqlite")
    func databasePath() {
        let environment = ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]
        #expect(PapersFactory.Settings(environment: environment).databaseURL.path == "/data/strata/papers.sqlite")
        #expect(PapersFactory.Settings(environment: environment.merging(["STRATA_PAPERS_DB": "/env.sqlite"]) { $1 }).databaseURL.path == "/env.sqlite")
        #expect(PapersFactory.Settings(databasePath: "/flag.sqlite", environment: ["STRATA_PAPERS_DB": "/env.sqlite"]).databaseURL.path == "/flag.sqlite")
    }

    @Test("the API URL: --api-url, then $STRATA_ARXIV_API_URL, then arXiv's; anything else is a usage error")
    func apiURL() throws {
        #expect(try PapersFactory.Settings(environment: [:]).resolvedAPIURL().absoluteString == "https://export.arxiv.org/api/query")
        #expect(try PapersFactory.Settings(environment: ["STRATA_ARXIV_API_URL": "http://127.0.0.1:9/q"]).resolvedAPIURL().absoluteString == "http://127.0.0.1:9/q")
        #expect(try PapersFactory.Settings(apiURL: "http://a/b", environment: ["STRATA_ARXIV_API_URL": "http://c/d"]).resolvedAPIURL().absoluteString == "http://a/b")
        let error = #expect(throws: MessageError.self) { try PapersFactory.Settings(apiURL: "ftp://x", environment: [:]).resolvedAPIURL() }
        #expect(error?.kind == .usage)
    }

    @Test("live: fetches through the injected transport and saves to the library file, which offline then reads")
    func liveThenOffline() async throws {
        let directory = try TemporaryDirectory()
        let feed = try FixtureFiles.data("arxiv", "legacy2016-au-del_maestro-10-of-31.xml")
        let calls = Calls()
        let transport = HTTPTransport { request, _ in
            calls.record(request)
            return HTTPResponse(status: 200, body: feed)
        }
        let settings = PapersFactory.Settings(databasePath: directory.path("p.sqlite").path, environment: [:])
        let clock = ManualClock()
        let live = try PapersFactory.live(settings, clock: clock.clock, transport: transport)
        let list = try await live.useCase.search(try PaperQuery(expression: .term(.au, "del_maestro"), limit: 10))
        #expect(list.papers.count == 10)
        #expect(calls.requests.first?.headers["User-Agent"] == PapersFactory.userAgent)
        #expect(calls.requests.first?.url.host == "export.arxiv.org")

        let offline = try PapersFactory.offline(settings, clock: clock.clock)
        #expect(try offline.useCase.searchLibrary("helium", limit: 5).papers.contains { $0.id == "1201.4869" })
        #expect(try await offline.useCase.show("1201.4869").id == "1201.4869")
        let missing = await #expect(throws: MessageError.self) { try await offline.useCase.show("2401.00001") }
        #expect(missing?.kind == .notFound)
        #expect(calls.requests.count == 1)
    }

    @Test("in memory: nothing touches disk or network")
    func inMemory() async throws {
        let paper = Paper(
            id: "2401.00001", version: 1, title: "T", summary: "S", authors: [Author(name: "A")],
            published: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 0), primaryCategory: "cs.LG", categories: ["cs.LG"])
        let feature = PapersFactory.inMemory(remote: [paper])
        #expect(try await feature.useCase.show("2401.00001") == paper)
        #expect(try feature.useCase.stats().papers == 1)
        let presenter = await feature.listPresenter()
        await presenter.favourites()
        #expect(await presenter.state.value?.rows.isEmpty == true)
    }
}

final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [HTTPRequest] = []
    func record(_ request: HTTPRequest) { lock.withLock { stored.append(request) } }
    var requests: [HTTPRequest] { lock.withLock { stored } }
}
