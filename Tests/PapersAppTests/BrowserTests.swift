import Foundation
import TestSupport
import Testing

/// A library holding the Del Maestro fixture, served: the database's options and the server.
private func servedLibrary(_ directory: TemporaryDirectory) throws -> (db: [String], server: ServedApp) {
    let db = ["--db", directory.path("papers.sqlite").path]
    let fixture = FixtureFiles.url("arxiv", "legacy2016-au-del_maestro-10-of-31.xml").path
    let imported = try BinaryRunner(product: "papers").run(["import", fixture] + db)
    #expect(imported.status == 0)
    return (db, try ServedApp(product: "papers", arguments: db))
}

@Suite("papers in a browser", .enabled(if: Browser.isInstalled, "needs chromium and chromium-driver (make setup)"))
struct BrowserTests {
    @Test("search, open a paper, favourite it: the CLI's papers favorites lists it")
    func searchOpenFavourite() async throws {
        let directory = try TemporaryDirectory()
        let papers = BinaryRunner(product: "papers")
        let (db, server) = try servedLibrary(directory)
        defer { server.stop() }
        let base = try #require(URL(string: server.url))
        try await Browser.run { browser in
            try await browser.open(base)
            try await browser.type("au:maestro helium", into: "#q")
            try await browser.submit(browser.find("#q"))
            try await browser.waitUntil("the results") { try await browser.text("#results").contains("for") }
            try await browser.screenshot(to: Screenshots.file("papers-search-1440"))
            try await browser.setViewport(width: 375, height: 812)
            try await browser.screenshot(to: Screenshots.file("papers-search-375"))
            try await browser.click("a[href^='/paper?id=1201.4869&']")
            try await browser.waitUntil("the paper's page") { try await browser.title().contains("Luttinger") }
            try await browser.click("#favourite")
            try await browser.waitUntil("the favourite marked") {
                try await browser.text("#favourite") == "Remove from favourites"
            }
            try await browser.screenshot(to: Screenshots.file("papers-paper-375"))
            try await browser.setViewport(width: 1440, height: 900)
            try await browser.screenshot(to: Screenshots.file("papers-paper-1440"))
        }
        let favourites = try papers.run(["favorites", "--format", "plain"] + db)
        #expect(favourites.stdout.hasPrefix("1201.4869v1\t"))
    }

    @Test("page through a search's results, back again, then follow an author's link to their papers")
    func pagesAndAuthors() async throws {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("papers.sqlite").path]
        let testing = FixtureFiles.url("arxiv", "search-all-testing-100-entries.xml").path
        #expect(try BinaryRunner(product: "papers").run(["import", testing] + db).status == 0)
        let server = try ServedApp(product: "papers", arguments: db)
        defer { server.stop() }
        let base = try #require(URL(string: server.url + "/?q=testing"))
        try await Browser.run { browser in
            try await browser.open(base)
            try await browser.waitUntil("the first page") {
                try await browser.text("#results").hasPrefix("showing 1–20 of 100 for testing")
            }
            let first = try await browser.text("a.title")
            try await browser.click("a[rel='next']")
            try await browser.waitUntil("the second page") {
                try await browser.text("#results").hasPrefix("showing 21–40 of 100")
            }
            #expect(try await browser.text("a.title") != first)
            #expect(try await browser.currentURL().hasSuffix("/?q=testing&page=2"))
            try await browser.click("a[rel='prev']")
            try await browser.waitUntil("the first page again") { try await browser.text("a.title") == first }
            let author = try await browser.text("a.author")
            try await browser.click("a.author")
            try await browser.waitUntil("the author's papers") {
                try await browser.text("#results").contains("for au:\"\(author)\"")
            }
            // The author's search is an ordinary search: the box holds its query.
            let box = try await browser.find("#q")
            #expect(try await browser.attribute("value", of: box) == "au:\"\(author)\"")
        }
    }

    @Test("a cross-site form post to the running server is refused and marks nothing")
    func crossSitePost() async throws {
        let directory = try TemporaryDirectory()
        let papers = BinaryRunner(product: "papers")
        let (db, server) = try servedLibrary(directory)
        defer { server.stop() }
        let refused = try await WebClient.post(
            server.url + "/paper/favourite", form: [("id", "1201.4869"), ("favourite", "yes")],
            origin: "http://evil.example")
        #expect(refused.status == 403)
        #expect(try papers.run(["favorites", "--format", "plain"] + db).stdout.isEmpty)
    }

    @Test(
        "every papers page at 375 and 1440 px: a title, labelled controls in the tab order, named buttons, nothing wider than the screen, no axe-core WCAG A or AA violation, in the light and the dark scheme"
    )
    func everyPage() async throws {
        let directory = try TemporaryDirectory()
        let (db, server) = try servedLibrary(directory)
        defer { server.stop() }
        #expect(try BinaryRunner(product: "papers").run(["fav", "1201.4869"] + db).status == 0)
        #expect(try BinaryRunner(product: "papers").run(["watch", "add", "au:maestro OR helium"] + db).status == 0)
        let pages = [
            ("library", "/"), ("search", "/?q=au%3Amaestro+helium"), ("paper", "/paper?id=1201.4869&q=helium&page=1"),
            ("favourites", "/favourites"), ("watches", "/watches"), ("digest", "/digest"),
            ("bad-query", "/?q=helium+OR+%28testing"),
        ]
        let urls = try pages.map { (name: $0.0, url: try #require(URL(string: server.url + $0.1))) }
        let problems = try await Browser.auditPages(urls, app: "papers", site: "Papers")
        #expect(problems == [], "\(problems.joined(separator: "\n"))")
    }
}
