import Foundation
import TestSupport
import Testing

/// The demo's winning moves for Animals, seed 2024.
private let winningMoves = [1, 2, 3, 4, 5, 6, 7, 3, 8, 2, 9, 10, 11, 4, 12, 13, 14, 9, 15, 1, 16, 10]

/// `memorize serve` on a scores file in `directory`, with the built-in themes only.
private func servedGames(_ directory: TemporaryDirectory) throws -> ServedApp {
    try ServedApp(
        product: "memorize", arguments: ["--db", directory.path("scores.sqlite").path],
        environment: ["STRATA_MEMORIZE_THEMES": ""])
}

@Suite("memorize in a browser", .enabled(if: Browser.isInstalled, "needs chromium and chromium-driver (make setup)"))
struct BrowserTests {
    @Test(
        "a seeded game played to the end by clicking cards, the first by keyboard, ends ranked #1 and is in the scores; after each move the focus is back on the card chosen; the grid fits 1440 x 900"
    )
    func playByClicking() async throws {
        let directory = try TemporaryDirectory()
        let server = try servedGames(directory)
        defer { server.stop() }
        let base = try #require(URL(string: server.url))
        try await Browser.run { browser in
            try await browser.open(base)
            try await browser.screenshot(to: Screenshots.file("memorize-themes-1440"))
            try await browser.click("#theme option[value='Animals']")
            try await browser.type("2024", into: "#seed")
            try await browser.click("#deal")
            try await browser.waitUntil("the dealt game") { try await browser.text("#status").contains("seed 2024") }
            for (index, move) in winningMoves.enumerated() {
                if index == 0 {
                    // Keyboard alone: the card is a button, so Enter on it turns it up.
                    try await browser.type("\u{E007}", into: "#card-\(move)")
                } else {
                    try await browser.click("#card-\(move)")
                }
                try await browser.waitUntil("move \(index + 1)") {
                    try await browser.text("#status").contains("moves \(index + 1) ")
                }
                // Not back at the top of the page: the next card is a Tab or two away; once the game
                // is over, the cleared grid is gone and the focus is on "Deal again".
                let focus = index == winningMoves.count - 1 ? "deal-again" : "card-\(move)"
                try await browser.waitUntil("the focus on \(focus)") { try await browser.focusedID() == focus }
                if index == 8 {
                    // At 1440 x 900, with a move's message above it, the whole grid and "Deal again" are on
                    // the first screen (in page coordinates: the focused card has scrolled the page).
                    let fits = try await browser.execute(
                        """
                        const bottom = (s) => document.querySelector(s).getBoundingClientRect().bottom + scrollY;
                        return bottom('#card-16') <= innerHeight && bottom('#deal-again') <= innerHeight;
                        """)
                    #expect(fits as? Bool == true, "the last row or Deal again is below the fold at 1440 x 900")
                    try await browser.screenshot(to: Screenshots.file("memorize-game-1440"))
                }
            }
            let over = try await browser.text(".game-over")
            #expect(over == "Game over: all 8 pairs matched in 22 moves, score 16. Rank #1 for Animals.")
            try await browser.screenshot(to: Screenshots.file("memorize-over-1440"))
            try await browser.setViewport(width: 375, height: 812)
            try await browser.screenshot(to: Screenshots.file("memorize-over-375"))
            try await browser.click("a[href='/scores']")
            try await browser.waitUntil("the scores page") { try await browser.title().hasPrefix("High scores") }
            #expect(try await browser.text("main").contains("2024"))
            try await browser.screenshot(to: Screenshots.file("memorize-scores-375"))
            try await browser.setViewport(width: 1440, height: 900)
            try await browser.screenshot(to: Screenshots.file("memorize-scores-1440"))
        }
    }

    @Test(
        "a deal the theme cannot make comes back with the error beside Pairs, the focus on it and what was chosen kept; two fields that are not numbers both say so"
    )
    func dealErrors() async throws {
        let directory = try TemporaryDirectory()
        let server = try servedGames(directory)
        defer { server.stop() }
        try await Browser.run { browser in
            try await browser.open(try #require(URL(string: server.url)))
            try await browser.click("#theme option[value='Animals']")
            try await browser.type("99", into: "#pairs")
            try await browser.type("7", into: "#seed")
            try await browser.click("#deal")
            try await browser.waitUntil("the pairs' error") { try await browser.findAll("#pairs-error").count == 1 }
            #expect(try await browser.text("#pairs-error").contains("cannot deal 99 pairs"))
            #expect(try await browser.findAll("[role=alert]").isEmpty, "the error is the field's, not the page's")
            #expect(try await browser.attribute("aria-invalid", of: try await browser.find("#pairs")) == "true")
            #expect(try await browser.focusedID() == "pairs")
            let kept = try await browser.execute(
                "return ['theme', 'pairs', 'seed'].map((id) => document.getElementById(id).value).join(' ');")
            #expect(kept as? String == "Animals 99 7")

            // Not numbers at all (a form posted without the browser's number inputs): both fields at once.
            let posted = try await WebClient.post(
                server.url + "/games", form: [("theme", "Animals"), ("pairs", "many"), ("seed", "-1")])
            #expect(posted.status == 422)
            #expect(posted.body.contains(#"id="pairs-error""#) && posted.body.contains(#"id="seed-error""#))
            #expect(posted.body.components(separatedBy: "autofocus").count == 2)
            #expect(
                posted.body.contains(#"value="many""#) && posted.body.contains(#"<option value="Animals" selected>"#))
        }
    }

    @Test("a cross-site form post to the running server is refused and deals nothing")
    func crossSitePost() async throws {
        let directory = try TemporaryDirectory()
        let server = try servedGames(directory)
        defer { server.stop() }
        let refused = try await WebClient.post(
            server.url + "/games", form: [("theme", "Animals")], origin: "http://evil.example")
        #expect(refused.status == 403)
        let page = try await WebClient.get(server.url + "/")
        #expect(page.headers["content-security-policy"]?.contains("script-src 'self'") == true)
    }

    @Test(
        "every memorize page at 375 and 1440 px: a title, labelled controls in the tab order, named buttons, nothing wider than the screen, no axe-core WCAG A or AA violation, in the light and the dark scheme"
    )
    func everyPage() async throws {
        let directory = try TemporaryDirectory()
        let server = try servedGames(directory)
        defer { server.stop() }
        let dealt = try await WebClient.post(
            server.url + "/games", form: [("theme", "Animals"), ("pairs", ""), ("seed", "2024")])
        try #require(dealt.url.contains("/games/"), "\(dealt.status): \(dealt.url)")
        let pages = [("themes", server.url + "/"), ("game", dealt.url), ("scores", server.url + "/scores")]
        let urls = try pages.map { (name: $0.0, url: try #require(URL(string: $0.1))) }
        let problems = try await Browser.auditPages(urls, app: "memorize", site: "Memorize")
        #expect(problems == [], "\(problems.joined(separator: "\n"))")
    }
}
