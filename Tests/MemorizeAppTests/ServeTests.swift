import Foundation
import TestSupport
import Testing

/// The demo's winning moves for Animals, seed 2024.
private let winningMoves = [1, 2, 3, 4, 5, 6, 7, 3, 8, 2, 9, 10, 11, 4, 12, 13, 14, 9, 15, 1, 16, 10]

@Suite("memorize serve")
struct ServeTests {
    @Test("a seeded game played through the forms ends with the game-over line and its rank, and is in the scores")
    func playThroughForms() async throws {
        let directory = try TemporaryDirectory()
        let server = try ServedApp(
            product: "memorize", arguments: ["--db", directory.path("scores.sqlite").path],
            environment: ["STRATA_MEMORIZE_THEMES": ""])
        defer { server.stop() }
        let home = try await WebClient.get(server.url + "/")
        #expect(home.status == 200)
        #expect(home.body.contains("<option value=\"Animals\">Animals</option>"))
        let dealt = try await WebClient.post(server.url + "/games", form: [("theme", "Animals"), ("seed", "2024")])
        #expect(dealt.status == 200)
        #expect(dealt.url.contains("/games/"))
        #expect(dealt.body.contains("score 0 · moves 0 · matched 0/8 · seed 2024"))
        var page = dealt
        for move in winningMoves {
            page = try await WebClient.post(dealt.url + "/choose", form: [("card", String(move))])
            #expect(page.status == 200)
        }
        #expect(page.body.contains("Game over: all 8 pairs matched in 22 moves, score 16. Rank #1 for Animals."))
        // Reloading the finished game records nothing more.
        _ = try await WebClient.get(dealt.url)
        let scores = try await WebClient.get(server.url + "/scores")
        let cells = ["Theme": "Animals", "Rank": "#1", "Score": "16", "Moves": "22", "Pairs": "8", "Seed": "2024"]
        for (label, value) in cells { #expect(scores.body.contains("data-label=\"\(label)\">\(value)</td>")) }
        #expect(!scores.body.contains(">#2<"))
    }

    @Test("an unknown theme is refused on the theme page with the reason, and a game that is not there is 404")
    func badInput() async throws {
        let directory = try TemporaryDirectory()
        let server = try ServedApp(
            product: "memorize", arguments: ["--db", directory.path("scores.sqlite").path],
            environment: ["STRATA_MEMORIZE_THEMES": ""])
        defer { server.stop() }
        let refused = try await WebClient.post(server.url + "/games", form: [("theme", "<b>Nope</b>")])
        #expect(refused.status == 422)
        #expect(refused.body.contains("There is no theme named"))
        #expect(refused.body.contains("&lt;b&gt;Nope&lt;/b&gt;"))
        #expect(!refused.body.contains("<b>Nope"))
        let missing = try await WebClient.get(server.url + "/games/not-a-game")
        #expect(missing.status == 404)
    }
}
