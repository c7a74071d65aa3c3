import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `coffee serve`'s pages in a real headless Chromium (WebDriver), and their safety against the running server.
@Suite("coffee in a browser", .serialized, .enabled(if: Browser.isInstalled, "needs chromium and chromium-driver"))
struct WebPagesTests {
    static let attack = #""><img src=x onerror=alert(1)>"#
    /// Two open orders, as `coffee order` arguments.
    static let adaAndGrace = [
        ["--name", "Ada", "--coffee", "Latte", "--size", "large"],
        ["--name", "Grace", "--coffee", "Flat White", "--size", "small"],
    ]

    @Test(
        "add an order in the form, see it on a second open board without reload, sign in, mark it ready (the focus back on its next button after each step), sign out"
    )
    func orderFlow() async throws {
        try await Self.serving { base, database in
            let staff = try Self.token(database, name: "web-staff")
            try await Browser.run { browser in
                // The board, open in its own tab, its live stream connected.
                try await browser.open(base)
                try await browser.waitUntil("the board's live stream") {
                    try await browser.attribute("data-live-state", of: try await browser.find("#board")) == "open"
                }
                _ = try await browser.execute("window.strataMarker = 'not reloaded'; return true;")
                let boardTab = try await browser.currentTab()

                // A second tab: the form refuses an empty order with every error at once, each beside its
                // field, the focus on the first; what was typed stays.
                try await browser.newTab()
                try await browser.open(base.appendingPathComponent("order"))
                #expect(try await browser.title() == "New order — Strata Coffee")
                try await browser.click("button[type=submit]")
                try await browser.waitUntil("the form's errors") {
                    try await browser.findAll("p.error").count == 3
                }
                let errors = try await browser.findAll("p.error")
                var ids: [String] = []
                for error in errors { ids.append(try await browser.attribute("id", of: error) ?? "") }
                #expect(ids == ["customer-error", "coffee-error", "size-error"], "in the form's order")
                #expect(try await browser.text("#customer-error").contains("Enter the name"))
                #expect(try await browser.text("#coffee-error") == "Choose a coffee.")
                #expect(try await browser.text("#size-error") == "Choose a size.")
                for field in ["customer", "coffee", "size"] {
                    #expect(
                        try await browser.attribute("aria-invalid", of: try await browser.find("#\(field)")) == "true")
                }
                #expect(try await browser.focusedID() == "customer")
                // The name and the coffee given, the size still missing: only its error, the focus on it, both kept.
                try await browser.type(Self.attack, into: "#customer")
                try await browser.click("#coffee option[value='Latte']")
                try await browser.submit(try await browser.find("#customer"))
                try await browser.waitUntil("the size's error alone") {
                    try await browser.findAll("p.error").count == 1
                }
                #expect(try await browser.text("#size-error") == "Choose a size.")
                #expect(try await browser.focusedID() == "size")
                #expect(try await browser.attribute("value", of: try await browser.find("#customer")) == Self.attack)
                #expect(
                    try await browser.execute("return document.getElementById('coffee').value;") as? String == "Latte")
                try await browser.click("#coffee option[value='Latte']")
                try await browser.click("#size option[value='large']")
                try await browser.submit(try await browser.find("#customer"))
                try await browser.waitUntil("the board after placing") {
                    try await browser.findAll(".notice").count == 1
                }
                #expect(try await browser.text(".notice").contains(Self.attack), "the name is shown as text")
                #expect(try await browser.findAll("img").isEmpty, "no element was made from the name")

                // The first tab saw it arrive, without a reload.
                try await browser.switchTo(tab: boardTab)
                try await browser.waitUntil("the order on the open board") {
                    try await browser.text("#orders .customer") == Self.attack
                }
                #expect(try await browser.execute("return window.strataMarker;") as? String == "not reloaded")
                // How long it has waited, from the card's placing time, as the shared script says it.
                #expect(try await browser.text("#orders time[data-waited]") == "just now")
                #expect(try await browser.findAll("img").isEmpty)

                // Sign in with a staff token; move the order to ready; sign out.
                try await browser.open(base.appendingPathComponent("staff"))
                try await browser.type(staff, into: "#token")
                try await browser.submit(try await browser.find("#token"))
                try await browser.waitUntil("signed in") {
                    try await browser.source().contains("Signed in as web-staff")
                }
                try await browser.click("#orders .actions button")
                try await browser.waitUntil("preparing") {
                    try await browser.findAll("#lane-preparing [data-order]").count == 1
                }
                // The focus is back on the order's next button, not at the top of the board.
                let next = try await browser.attribute("id", of: browser.find("#orders .actions button")) ?? "none"
                #expect(next.hasPrefix("next-"))
                try await browser.waitUntil("the focus on the order's next button") {
                    try await browser.focusedID() == next
                }
                try await browser.click("#orders .actions button")
                try await browser.waitUntil("ready") {
                    try await browser.findAll("#lane-ready [data-order]").count == 1
                }
                #expect(try await browser.text(".notice").contains("is now ready"))
                try await browser.click("form[action='/staff/sign-out'] button")
                try await browser.waitUntil("signed out") { try await browser.text(".notice") == "You are signed out." }
                try await browser.open(base)
                #expect(try await browser.findAll("#orders .actions").isEmpty, "no staff buttons once signed out")
            }
            let listed = try BinaryRunner(product: "coffee").run(["list", "--db", database, "--format", "plain"])
            #expect(listed.stdout.contains("\tLatte\tlarge\tready\t"))
        }
    }

    @Test(
        "an order placed from a terminal reaches the open staff board without taking the focus from Cancel for Grace; only the new order is announced and the other rows stay the same elements"
    )
    func liveUpdateKeepsFocus() async throws {
        try await Self.serving(orders: Self.adaAndGrace) { base, database in
            let staff = try Self.token(database, name: "web-staff")
            try await Browser.run { browser in
                try await browser.open(base.appendingPathComponent("staff"))
                try await browser.type(staff, into: "#token")
                try await browser.submit(try await browser.find("#token"))
                try await browser.waitUntil("the staff board, live") {
                    let rows = try await browser.findAll("#orders [data-order]").count
                    let state = try await browser.attribute("data-live-state", of: try await browser.find("#board"))
                    return rows == 2 && state == "open"
                }
                let grace = try #require(
                    try await browser.execute(
                        """
                        const row = [...document.querySelectorAll('#orders [data-order]')]
                          .find((card) => card.querySelector('.customer').textContent === 'Grace');
                        row.strataMarker = 'same row';
                        return row.dataset.order;
                        """) as? String)
                // The keyboard's way there: Tab until "Cancel … for Grace" has the focus.
                var tabs = 0
                while try await browser.focusedID() != "cancel-\(grace)" && tabs < 40 {
                    try await browser.pressTab()
                    tabs += 1
                }
                try #require(try await browser.focusedID() == "cancel-\(grace)", "Tab never reached Cancel for Grace")
                let updates = try await browser.attribute("data-live-updates", of: try await browser.find("#board"))
                // At 1440 px the three lanes stand side by side: the board uses the width.
                try await browser.setViewport(width: 1440, height: 900)
                let tops = try await browser.execute(
                    "return [...document.querySelectorAll('.lane')].map((lane) => lane.getBoundingClientRect().top);")
                let laneTops = try #require(tops as? [Double])
                #expect(laneTops.count == 3 && Set(laneTops).count == 1, "lanes not side by side: \(laneTops)")

                let placed = try BinaryRunner(product: "coffee").run([
                    "order", "--name", "Eve", "--coffee", "Espresso", "--size", "medium", "--db", database,
                ])
                try #require(placed.status == 0, "\(placed.stderr)")
                try await browser.waitUntil("Eve's order on the open board") {
                    try await browser.findAll("#orders [data-order]").count == 3
                }
                #expect(try await browser.focusedID() == "cancel-\(grace)", "the live update took the focus")
                let news = try await browser.text("#board-news")
                #expect(news.hasPrefix("Order ") && news.hasSuffix(" for Eve, medium Espresso: placed."), "\(news)")
                #expect(!news.contains("Grace") && !news.contains("Ada"), "only the new order is announced: \(news)")
                #expect(
                    try await browser.execute(
                        "return document.querySelector('[data-order=\"\(grace)\"]').strataMarker;") as? String
                        == "same row", "Grace's row was rebuilt")
                #expect(
                    try await browser.attribute("data-live-updates", of: try await browser.find("#board")) != updates)
            }
        }
    }

    @Test("a revoked token signs its session out at the next request")
    func revokedToken() async throws {
        try await Self.serving(orders: [["--name", "Ada", "--coffee", "Latte", "--size", "small"]]) { base, database in
            let staff = try Self.token(database, name: "leaving")
            try await Browser.run { browser in
                try await browser.open(base.appendingPathComponent("staff"))
                try await browser.type(staff, into: "#token")
                try await browser.submit(try await browser.find("#token"))
                try await browser.waitUntil("signed in") {
                    try await browser.findAll("#orders .actions button").count > 0
                }
                let revoked = try BinaryRunner(product: "coffee").run(["token", "revoke", "leaving", "--db", database])
                #expect(revoked.status == 0)
                try await browser.open(base)
                #expect(try await browser.text(".notice").contains("revoked"))
                #expect(try await browser.findAll("#orders .actions").isEmpty)
                try await browser.open(base.appendingPathComponent("staff"))
                #expect(try await browser.findAll("#token").count == 1, "the sign-in form again: the cookie is gone")
            }
        }
    }

    @Test(
        "every coffee page at 375 and 1440 px: a title, labelled controls in the tab order, named buttons, nothing wider than the screen, no axe-core WCAG A or AA violation, in the light and the dark scheme"
    )
    func everyPage() async throws {
        try await Self.serving(orders: Self.adaAndGrace) { base, _ in
            let pages = [("board", ""), ("order", "order"), ("menu", "coffees"), ("staff", "staff")].map {
                (name: $0.0, url: $0.1.isEmpty ? base : base.appendingPathComponent($0.1))
            }
            let problems = try await Browser.auditPages(pages, app: "coffee", site: "Strata Coffee")
            #expect(problems == [], "\(problems.joined(separator: "\n"))")
        }
    }

    @Test("the running server: a CSP on every page, a name as text, and a cross-site POST refused and not stored")
    func safety() async throws {
        try await Self.serving(orders: [["--name", Self.attack, "--coffee", "Latte", "--size", "small"]]) {
            base, database in
            for path in ["", "order", "coffees", "staff"] {
                let (body, response) = try await PageRequest.send(
                    path.isEmpty ? base : base.appendingPathComponent(path))
                #expect(response.statusCode == 200, "\(path)")
                let policy = response.value(forHTTPHeaderField: "Content-Security-Policy") ?? ""
                #expect(policy.contains("default-src 'self'") && !policy.contains("unsafe-inline"), "\(path)")
                #expect(response.value(forHTTPHeaderField: "X-Content-Type-Options") == "nosniff")
                let html = String(decoding: body, as: UTF8.self)
                #expect(!html.contains("<img"), "\(path)")
                #expect(!html.contains("<script>"), "\(path): no inline script")
            }
            let (board, _) = try await PageRequest.send(base)
            #expect(String(decoding: board, as: UTF8.self).contains("\"&gt;&lt;img src=x onerror=alert(1)&gt;"))

            // The same form from another site, then from the server's own page.
            func post(origin: String, site: String) async throws -> (Data, HTTPURLResponse) {
                try await PageRequest.send(
                    base.appendingPathComponent("order"), method: "POST",
                    body: Data("customer=Mallory&coffee=Latte&size=small".utf8),
                    headers: [
                        "Content-Type": "application/x-www-form-urlencoded", "Origin": origin, "Sec-Fetch-Site": site,
                    ])
            }
            let (refused, response) = try await post(origin: "http://evil.example", site: "cross-site")
            #expect(response.statusCode == 403)
            #expect(String(decoding: refused, as: UTF8.self).contains("crossSiteRequest"))
            let listed = try BinaryRunner(product: "coffee").run(["list", "--db", database, "--format", "plain"])
            #expect(!listed.stdout.contains("Mallory"), "the refused order was not placed")
            let (_, accepted) = try await post(
                origin: "http://\(base.host ?? ""):\(base.port ?? 0)", site: "same-origin")
            #expect(accepted.statusCode == 303)
            #expect(accepted.value(forHTTPHeaderField: "Location")?.hasPrefix("/?placed=") == true)
        }
    }

    /// Runs `body` with `coffee serve` on a new database holding `orders` (each the arguments
    /// of a `coffee order`), then stops the server.
    static func serving(
        orders: [[String]] = [], _ body: (_ base: URL, _ database: String) async throws -> Void
    ) async throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("orders.sqlite").path
        for order in orders {
            let placed = try BinaryRunner(product: "coffee").run(["order"] + order + ["--db", database])
            try #require(placed.status == 0, "\(placed.stderr)")
        }
        let server = try ServeProcess(database: database)
        defer { _ = server.stop() }
        try await body(try #require(URL(string: server.url)), database)
    }

    /// A staff token named `name` made on `database`.
    static func token(_ database: String, name: String) throws -> String {
        let made = try BinaryRunner(product: "coffee").run(
            ["token", "create", "--name", name, "--db", database, "--format", "plain"])
        try #require(made.status == 0, "\(made.stderr)")
        return made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
