import Foundation
import TestSupport
import Testing

@Suite(
    "color-events in a browser", .enabled(if: Browser.isInstalled, "needs chromium and chromium-driver (make setup)"))
struct BrowserTests {
    @Test(
        "an event sent from one page repaints both side screens on another open page, live, without a reload; the focus is back on the button pressed"
    )
    func sendRepaintsBothScreens() async throws {
        let directory = try TemporaryDirectory()
        let server = try ServedApp(
            product: "color-events", arguments: ["--db", directory.path("journal.sqlite").path, "--seed", "42"])
        defer { server.stop() }
        let base = try #require(URL(string: server.url))
        try await Browser.run { browser in
            try await browser.open(base)
            let watcher = try await browser.currentTab()
            // The live region is connected before anything is sent.
            try await browser.waitUntil("the live stream to open") {
                try await browser.attribute("data-live-state", of: browser.find("#screens")) == "open"
            }
            let before = try await fills(browser)
            #expect(before == ["left": "none", "right": "none"])
            try await browser.screenshot(to: Screenshots.file("color-events-before-1440"))
            let sender = try await browser.newTab()
            try await browser.switchTo(tab: sender)
            try await browser.open(base)
            try await browser.click("#send-changeBothSidesColors")
            try await browser.waitUntil("the sender's page after the send") {
                try await fills(browser)["left"] != "none"
            }
            try await browser.waitUntil("the focus back on the button pressed") {
                try await browser.focusedID() == "send-changeBothSidesColors"
            }
            let sent = try await fills(browser)
            try await browser.switchTo(tab: watcher)
            try await browser.waitUntil("both screens repainted on the watching page") {
                try await fills(browser) == sent
            }
            #expect(sent["left"] != "none" && sent["right"] != "none")
            // Repainted in place: the page was never reloaded, its stream delivered the update.
            #expect(try await browser.attribute("data-live-updates", of: browser.find("#screens")) != nil)
            // A screen reader hears the two screens that changed, not the whole scene again.
            let news = try await browser.execute("return document.getElementById('screens-news').textContent;")
            let said = try #require(news as? String)
            #expect(said.hasPrefix("Left: ") && said.contains(" Right: ") && !said.contains("Center"), "\(said)")
            try await browser.screenshot(to: Screenshots.file("color-events-screens-1440"))
            try await browser.setViewport(width: 375, height: 812)
            try await browser.screenshot(to: Screenshots.file("color-events-screens-375"))
            try await browser.click("a[href='/journal']")
            try await browser.waitUntil("the journal") { try await browser.title().hasPrefix("Journal") }
            #expect(try await browser.text("main").contains("changeBothSidesColors"))
            try await browser.screenshot(to: Screenshots.file("color-events-journal-375"))
            try await browser.setViewport(width: 1440, height: 900)
            try await browser.screenshot(to: Screenshots.file("color-events-journal-1440"))
        }
    }

    /// The fill of the left and right screens' paint on the current page; `none` for a screen with no colour yet.
    @Test(
        "an event sent by a second process, color-events send in a terminal on the same journal, repaints the open page live; a second server on the journal too",
        arguments: ["a SQLite file", "PostgreSQL"])
    func otherProcessRepaints(store: String) async throws {
        let directory = try TemporaryDirectory()
        let journal =
            store == "PostgreSQL"
            ? ["--database", try await PostgresCluster.makeDatabase()]
            : ["--db", directory.path("journal.sqlite").path]
        let server = try ServedApp(product: "color-events", arguments: journal + ["--seed", "42"])
        defer { server.stop() }
        let other = try ServedApp(product: "color-events", arguments: journal + ["--seed", "7"])
        defer { other.stop() }
        try await Browser.run { browser in
            try await browser.open(try #require(URL(string: server.url)))
            try await browser.waitUntil("the live stream to open") {
                try await browser.attribute("data-live-state", of: browser.find("#screens")) == "open"
            }
            #expect(try await fills(browser) == ["left": "none", "right": "none"])
            let sent = try BinaryRunner(product: "color-events").run(
                ["send", "changeBothSidesColors"] + journal + ["--seed", "3", "--format", "json"])
            try #require(sent.status == 0, "\(sent.stderr)")
            let sentAt = ContinuousClock.now
            try await browser.waitUntil("the terminal's event on the open page") {
                let now = try await fills(browser)
                return now["left"] != "none" && now["right"] != "none"
            }
            // Measured, not asserted: how long the page took after the terminal's command returned.
            print(
                "color-events on \(store): a second process's event on the open page after \(ContinuousClock.now - sentAt)"
            )
            // The colours the terminal drew, as its journal entry recorded them.
            let entries = try BinaryRunner(product: "color-events").run(["journal"] + journal + ["--format", "plain"])
            let drawn = try #require(entries.stdout.split(separator: "\n").last.map(String.init))
            let painted = try await fills(browser)
            for colour in painted.values { #expect(drawn.lowercased().contains(colour.lowercased()), "\(drawn)") }

            // The other server on the same file shows it too, and what it sends reaches the first page.
            try await browser.open(try #require(URL(string: other.url)))
            #expect(try await fills(browser) == painted)
            try await browser.click("#send-changeLeftColor")
            try await browser.waitUntil("the other server's page after its send") {
                try await fills(browser)["left"] != painted["left"]
            }
            let leftNow = try await fills(browser)["left"]
            try await browser.open(try #require(URL(string: server.url)))
            try await browser.waitUntil("the first server's page with the other server's event") {
                try await fills(browser)["left"] == leftNow
            }
        }
    }

    private func fills(_ browser: Browser) async throws -> [String: String] {
        var fills: [String: String] = [:]
        for screen in ["left", "right"] {
            if let paint = try await browser.findAll("#screen-\(screen) rect").first {
                fills[screen] = try await browser.attribute("fill", of: paint)
            } else {
                fills[screen] = "none"
            }
        }
        return fills
    }

    @Test("a cross-site form post to the running server is refused and sends nothing")
    func crossSitePost() async throws {
        let directory = try TemporaryDirectory()
        let server = try ServedApp(product: "color-events", arguments: ["--db", directory.path("j.sqlite").path])
        defer { server.stop() }
        let refused = try await WebClient.post(
            server.url + "/events", form: [("event", "changeBothSidesColors")], origin: "http://evil.example")
        #expect(refused.status == 403)
        let journal = try await WebClient.get(server.url + "/journal")
        #expect(journal.body.contains("The journal is empty"))
    }

    @Test(
        "every color-events page at 375 and 1440 px: a title, labelled controls in the tab order, named buttons, nothing wider than the screen, no axe-core WCAG A or AA violation, in the light and the dark scheme"
    )
    func everyPage() async throws {
        let directory = try TemporaryDirectory()
        let server = try ServedApp(
            product: "color-events", arguments: ["--db", directory.path("j.sqlite").path, "--seed", "42"])
        defer { server.stop() }
        _ = try await WebClient.post(server.url + "/events", form: [("event", "changeBothSidesColors")])
        let pages = [("screens", "/"), ("journal", "/journal"), ("replay", "/replay")]
        let urls = try pages.map { (name: $0.0, url: try #require(URL(string: server.url + $0.1))) }
        let problems = try await Browser.auditPages(urls, app: "color-events", site: "ColorEvents")
        #expect(problems == [], "\(problems.joined(separator: "\n"))")
    }
}
