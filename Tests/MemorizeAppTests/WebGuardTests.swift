import Foundation
import TestSupport
import Testing

/// `memorize serve` against a rebinding page and a flood of deals.
@Suite("memorize serve's web guard and game table")
struct WebGuardTests {
    /// The winning moves for Animals, seed 2024 (as `ServeTests` plays them).
    static let winningMoves = [1, 2, 3, 4, 5, 6, 7, 3, 8, 2, 9, 10, 11, 4, 12, 13, 14, 9, 15, 1, 16, 10]

    static func serve(_ directory: TemporaryDirectory, _ options: [String] = []) throws -> ServedApp {
        try ServedApp(
            product: "memorize", arguments: ["--db", directory.path("scores.sqlite").path] + options,
            environment: ["STRATA_MEMORIZE_THEMES": ""])
    }

    /// Deals a game through the form; its page's path, or the answer when none was dealt.
    static func deal(_ server: ServedApp, _ form: String = "theme=Animals&pairs=2") async throws -> (
        path: String?, status: Int, retryAfter: String?
    ) {
        let url = try #require(URL(string: server.url + "/games"))
        let (_, response) = try await PageRequest.send(
            url, method: "POST", body: Data(form.utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        return (
            response.statusCode == 303 ? response.value(forHTTPHeaderField: "Location") : nil, response.statusCode,
            response.value(forHTTPHeaderField: "Retry-After")
        )
    }

    @Test("DNS rebinding: a request for another name is 421 and deals nothing")
    func rebinding() async throws {
        let directory = try TemporaryDirectory()
        let server = try Self.serve(directory)
        defer { server.stop() }
        let port = RawExchange.port(of: server.url)
        let rebound = try RawExchange.asRebindingPage(port: port, get: "/", post: "/games", form: "theme=Animals")
        #expect(rebound.get.status == 421 && rebound.post.status == 421 && rebound.post.headers["location"] == nil)
        #expect(try RawExchange.send(port: port, "GET", "/", headers: [("Host", "localhost:\(port)")]).status == 200)
    }

    @Test("300 deals by others leave a player's game in play")
    func floodKeepsGames() async throws {
        let directory = try TemporaryDirectory()
        let server = try Self.serve(directory)
        defer { server.stop() }
        let mine = try #require(try await Self.deal(server).path)
        for _ in 0..<300 { _ = try await Self.deal(server) }
        let page = try await WebClient.get(server.url + mine)
        #expect(page.status == 200, "the game dealt first was evicted")
    }

    @Test(
        "with --max-games full of games in play a deal is 503 with Retry-After and they all play on; a finished one gives way"
    )
    func fullTable() async throws {
        let directory = try TemporaryDirectory()
        let server = try Self.serve(directory, ["--max-games", "2"])
        defer { server.stop() }
        // Animals with seed 2024: `winningMoves` ends it.
        let first = try #require(try await Self.deal(server, "theme=Animals&seed=2024").path)
        let second = try #require(try await Self.deal(server).path)
        let refused = try await Self.deal(server)
        #expect(refused.status == 503 && refused.retryAfter == "60" && refused.path == nil)
        #expect(try await WebClient.get(server.url + first).status == 200)
        #expect(try await WebClient.get(server.url + second).status == 200)
        let again = try await WebClient.post(server.url + "/games", form: [("theme", "Animals")])
        #expect(again.status == 503 && again.body.contains("2 games in play"))
        var page = again
        for move in Self.winningMoves {
            page = try await WebClient.post(server.url + first + "/choose", form: [("card", String(move))])
        }
        try #require(page.body.contains("Game over"), "the seeded game did not end")
        let third = try await Self.deal(server)
        #expect(third.status == 303)
        #expect(try await WebClient.get(server.url + second).status == 200)
    }
}
