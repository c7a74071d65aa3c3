import Foundation
import TestSupport
import Testing

/// `color-events serve` against a rebinding page, and its cap on live streams.
@Suite("color-events serve's web guard")
struct WebGuardTests {
    @Test("DNS rebinding: a request for another name is 421 and sends no event")
    func rebinding() async throws {
        let directory = try TemporaryDirectory()
        let journal = directory.path("j.sqlite").path
        let server = try ServedApp(product: "color-events", arguments: ["--db", journal])
        defer { server.stop() }
        let port = RawExchange.port(of: server.url)
        let rebound = try RawExchange.asRebindingPage(port: port, get: "/journal", post: "/events", form: "event=reset")
        #expect(rebound.get.status == 421 && rebound.post.status == 421 && rebound.post.headers["location"] == nil)
        let journalPage = try RawExchange.send(port: port, "GET", "/journal", headers: [("Host", "localhost:\(port)")])
        #expect(journalPage.status == 200)
    }

    @Test("past --max-streams a screens stream is 503 with Retry-After, and the open ones still repaint")
    func streamCap() async throws {
        let directory = try TemporaryDirectory()
        let server = try ServedApp(
            product: "color-events", arguments: ["--db", directory.path("j.sqlite").path, "--max-streams", "1"])
        defer { server.stop() }
        let port = RawExchange.port(of: server.url)
        let page = try await WebClient.get(server.url + "/")
        let live = try #require(Self.livePath(in: page.body))
        let open = try EventStreamReader(port: port, path: live)
        let first = try open.nextData()
        let refused = try RawExchange.send(port: port, "GET", live, headers: [("Host", "127.0.0.1:\(port)")])
        #expect(refused.status == 503 && refused.headers["retry-after"] == "30")
        _ = try await WebClient.post(server.url + "/events", form: [("event", "changeBothSidesColors")])
        #expect(try open.nextData() != first)
    }

    /// The live region's stream path a page names (`data-live`).
    static func livePath(in html: String) -> String? {
        html.range(of: #"data-live=""#).map { start in
            String(html[start.upperBound...].prefix { $0 != "\"" })
        }
    }
}
