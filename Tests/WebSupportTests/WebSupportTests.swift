import Core
import Foundation
import HTTPServer
import Hummingbird
import Plot
import TestSupport
import Testing
import WebSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("The apps' web edge")
struct WebSupportTests {
    static let attack = #""><img src=x onerror=alert(1)>"#

    @Test("serve's options: the connection limits they give, 0 for never, and each bad value refused before listening")
    func serveOptions() throws {
        let defaults = try WebServeOptions.parse([])
        #expect(defaults.timeouts == .standard)
        let never = try WebServeOptions.parse([
            "--idle-timeout", "0", "--header-timeout", "1.5", "--body-min-rate", "9",
        ])
        #expect(never.timeouts == ConnectionTimeouts(idle: nil, header: .milliseconds(1_500), bodyMinRate: 9))
        let refused: [([String], String)] = [
            (["--port", "65536"], "--port 65536 is not a port; use 0 to 65535"),
            (
                ["--idle-timeout", "-1"],
                "--idle-timeout -1.0 is not a duration; use seconds up to 604800 (a week), 0 for never"
            ),
            (["--body-timeout", "inf"], "--body-timeout inf is not a duration; use seconds up to 604800"),
            (["--header-timeout", "1e300"], "--header-timeout 1e+300 is not a duration; use seconds up to 604800"),
            (["--body-min-rate", "0"], "--body-min-rate 0 is not a rate; use bytes per second, 1 or more"),
            (["--allowed-host", "a b"], "--allowed-host 'a b' is not a host name"),
        ]
        for (arguments, message) in refused {
            #expect(throws: (any Error).self, "\(arguments)") { try WebServeOptions.parse(arguments) }
            do {
                _ = try WebServeOptions.parse(arguments)
            } catch {
                #expect(WebServeOptions.message(for: error).hasPrefix(message), "\(arguments)")
            }
        }
    }

    @Test("a page declares its language and viewport, links our stylesheet and script, and has nothing inline")
    func layout() {
        let html = WebPage(
            title: "Board", site: "Shop", navigation: [.init("Board", path: "/"), .init("Menu", path: "/menu")],
            path: "/", body: [.p(.text("hello"))]
        ).render()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains(#"<html lang="en">"#))
        #expect(html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1"/>"#))
        #expect(html.contains("<title>Board — Shop</title>"))
        #expect(html.contains(#"<link rel="stylesheet" href="/assets/strata.css""#))
        #expect(html.contains(#"<script src="/assets/live.js" defer></script>"#))
        #expect(html.contains(#"<a href="/" aria-current="page">Board</a>"#))
        #expect(html.contains("<h1>Board</h1>") && html.contains("<p>hello</p>"))
        #expect(!html.contains("<style") && !html.contains(" style=") && !html.contains("<script>"))
        #expect(!html.contains("http://") && !html.contains("https://"), "no other origin")
    }

    @Test("text and escaped attributes keep a person's characters as text, never markup")
    func escaping() {
        let text = Node<HTML.BodyContext>.p(.plainText(Self.attack)).render()
        #expect(text == "<p>\"&gt;&lt;img src=x onerror=alert(1)&gt;</p>")
        let attribute = Node<HTML.BodyContext>.div(.escaped("data-name", Self.attack)).render()
        #expect(attribute == #"<div data-name="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"></div>"#)
        #expect(
            Node<HTML.BodyContext>.p(.plainText("Tom &amp; &lt;b&gt;")).render()
                == "<p>Tom &amp;amp; &amp;lt;b&amp;gt;</p>")
        #expect(HTMLEscaping.attribute("a'b&c") == "a&#39;b&amp;c")
    }

    @Test("an event is written as event, id and one data line per line, ended by a blank line")
    func eventFormat() {
        let event = ServerSentEvent(name: "update", data: "<p>one</p>\n<p>two</p>", id: "7")
        #expect(event.encoded == "event: update\nid: 7\ndata: <p>one</p>\ndata: <p>two</p>\n\n")
        #expect(ServerSentEvent(data: "x").encoded == "data: x\n\n")
        #expect(ServerSentEvent(name: "a\nb", data: "").encoded == "event: ab\ndata: \n\n")
        #expect(ServerSentEvent.comment("heartbeat").encoded == ": heartbeat\n\n")
    }

    @Test("a form body is read as fields, + as a space and %XX decoded, the first of a repeated name winning")
    func formFields() {
        let fields = FormFields(urlEncoded: "customer=Ada+L%C3%B6w&coffee=Flat%20White&size=&customer=x&flag")
        #expect(fields["customer"] == "Ada Löw")
        #expect(fields["coffee"] == "Flat White")
        #expect(fields["size"] == "" && fields["flag"] == "" && fields["missing"] == "")
    }

    @Test(
        "an unsafe request from another site is refused; a same-origin one, a safe one and a non-browser one pass",
        arguments: [
            (method: HTTPRequest.Method.post, headers: ["Origin": "http://evil.example"], allowed: false),
            (.post, ["Origin": "null"], false),
            (.post, ["Sec-Fetch-Site": "cross-site", "Origin": "http://shop:8080"], false),
            (.post, ["Sec-Fetch-Site": "same-site"], false),
            (.delete, ["Origin": "http://evil.example"], false),
            (.post, ["Origin": "http://shop:9999"], false),
            (.post, ["Origin": "https://shop"], false),
            (.post, ["Origin": "http://localhost:8080"], true),
            (.post, ["Origin": "http://shop:8080"], true),
            (.post, ["Sec-Fetch-Site": "same-origin", "Origin": "http://shop:8080"], true),
            (.post, [:], true),
            (.get, ["Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"], true),
        ])
    func sameOrigin(method: HTTPRequest.Method, headers: [String: String], allowed: Bool) throws {
        var fields = HTTPFields()
        for (name, value) in headers { fields[try #require(HTTPFields.Element.Name(name))] = value }
        let request = Request(
            head: .init(method: method, scheme: "http", authority: "shop:8080", path: "/order", headerFields: fields),
            body: .init(buffer: ByteBuffer()))
        let hosts = ServedHosts(listeningOn: "shop")
        hosts.bind(port: 8080)
        #expect(RequestGuard<BasicRequestContext>.isFromThisSite(request, hosts: hosts) == allowed)
    }

    @Test("the running server sends the security headers, the assets, an event stream, and refuses a cross-site POST")
    func runningServer() async throws {
        try await Self.withServer(SamplePages()) { base in
            let (page, pageResponse) = try await PageRequest.send(base.appendingPathComponent("hello"))
            #expect(pageResponse.statusCode == 200)
            #expect(String(decoding: page, as: UTF8.self).contains("<h1>Hello</h1>"))
            let policy = try #require(pageResponse.value(forHTTPHeaderField: "Content-Security-Policy"))
            #expect(policy.contains("default-src 'self'") && policy.contains("script-src 'self'"))
            #expect(policy.contains("frame-ancestors 'none'") && !policy.contains("unsafe-inline"))
            #expect(pageResponse.value(forHTTPHeaderField: "X-Content-Type-Options") == "nosniff")
            #expect(pageResponse.value(forHTTPHeaderField: "Referrer-Policy") == "same-origin")
            #expect(pageResponse.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8")

            let (css, cssResponse) = try await PageRequest.send(base.appendingPathComponent("assets/strata.css"))
            #expect(cssResponse.value(forHTTPHeaderField: "Content-Type") == "text/css; charset=utf-8")
            #expect(String(decoding: css, as: UTF8.self) == WebAssets.stylesheet)
            let (script, _) = try await PageRequest.send(base.appendingPathComponent("assets/live.js"))
            #expect(String(decoding: script, as: UTF8.self).contains("new EventSource"))

            let (events, eventsResponse) = try await PageRequest.send(base.appendingPathComponent("events"))
            #expect(eventsResponse.value(forHTTPHeaderField: "Content-Type") == ServerSentEvents.contentType)
            #expect(String(decoding: events, as: UTF8.self) == ": open\n\ndata: 1\n\nevent: update\ndata: 2\n\n")

            let host = "\(base.host ?? ""):\(base.port ?? 0)"
            let (refused, refusedResponse) = try await PageRequest.send(
                base.appendingPathComponent("hello"), method: "POST",
                headers: ["Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"])
            #expect(refusedResponse.statusCode == 403)
            #expect(refusedResponse.value(forHTTPHeaderField: "Content-Type") == "application/problem+json")
            #expect(String(decoding: refused, as: UTF8.self).contains("crossSiteRequest"))
            let (_, sameResponse) = try await PageRequest.send(
                base.appendingPathComponent("hello"), method: "POST",
                headers: ["Origin": "http://\(host)", "Sec-Fetch-Site": "same-origin"])
            #expect(sameResponse.statusCode == 303)
        }
    }

    @Test(
        "in Chromium, a live region shows each update its stream sends, and the page's own script runs under the CSP",
        .enabled(if: Browser.isInstalled, "needs chromium and chromium-driver"))
    func liveRegionInBrowser() async throws {
        try await Self.withServer(SamplePages()) { base in
            try await Browser.run { browser in
                try await browser.open(base.appendingPathComponent("live"))
                #expect(try await browser.title() == "Live — Test")
                try await browser.waitUntil("the second update") {
                    try await browser.text("#region") == "2"
                }
                let region = try await browser.find("#region")
                #expect(try await browser.attribute("data-live-updates", of: region) == "1")
            }
        }
    }

    @Test("a page route's error is the site's failure page in HTML with its kind's status, never the API's JSON")
    func failurePages() async throws {
        try await Self.withServer(SitePages()) { base in
            for (path, method, body, status, words) in [
                ("loaded", "GET", "", 200, "Loaded 7."),
                ("failed", "GET", "", 503, "Storage trouble."),
                ("thrown", "GET", "", 503, "Storage trouble."),
                (
                    "form", "POST", String(repeating: "a=b&", count: FormFields.bodyLimit / 4 + 1), 413,
                    "The request body is larger than 16 KiB"
                ),
            ] {
                let (page, response) = try await PageRequest.send(
                    base.appendingPathComponent(path), method: method, body: body.isEmpty ? nil : Data(body.utf8),
                    headers: ["Content-Type": "application/x-www-form-urlencoded"])
                let html = String(decoding: page, as: UTF8.self)
                #expect(response.statusCode == status, "\(path)")
                #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/html; charset=utf-8", "\(path)")
                #expect(html.contains("— Site</title>") && html.contains(words), "\(path): \(html)")
            }
        }
    }

    @Test("a form reports every message: each beside its field, the first a field keeps, the others above the form")
    func formReport() {
        var form = FormState(FormFields(["name": "Ada", "size": "huge"]))
        form.report([
            WebMessage("Choose a size.", field: "size"), WebMessage("Storage trouble."),
            WebMessage("Another size error.", field: "size"), WebMessage("Enter a name.", field: "name"),
            WebMessage("Try again."),
        ])
        #expect(form.errors.fields == ["size", "name"])
        #expect(form.errors["size"] == "Choose a size.")
        #expect(form.problem == "Storage trouble. Try again.")
        #expect(form["size"] == "huge" && form["name"] == "Ada")
    }

    /// A site whose routes load a stand-in presenter, fail, throw, and read a form.
    struct SitePages: WebRoutes {
        static let site = WebSite(name: "Site", navigation: []) { error in
            [WebMessage(error is StorageError ? "Storage trouble." : "Other trouble.")]
        }
        static let storage = StorageError(.read, path: "/x/y.sqlite", reason: "disk I/O error")

        /// A presenter's stand-in: one view state.
        @MainActor
        final class Sample {
            var state: ViewState<Int> = .initial
        }

        func addRoutes<Context: RequestContext>(to router: some RouterMethods<Context>) {
            let router = Self.site.pages(router)
            router.get("loaded") { _, _ in
                await Self.site.page(presenter: Sample()) {
                    $0.state = .loaded(7)
                    return $0.state
                } render: {
                    Self.site.page("Loaded", [.p(.plainText("Loaded \($0)."))])
                }
            }
            router.get("failed") { _, _ in
                await Self.site.page(presenter: Sample()) {
                    $0.state = .failed(ViewFailure(Self.storage))
                    return $0.state
                } render: {
                    Self.site.page("Loaded", [.p(.plainText("Loaded \($0)."))])
                }
            }
            router.get("thrown") { _, _ -> Response in throw Self.storage }
            router.post("form") { request, _ in
                _ = try await FormFields(request)
                return WebSite.seeOther("/form")
            }
        }
    }

    /// Pages for the tests: a page, a form target, and a short event stream.
    struct SamplePages: WebRoutes {
        func addRoutes<Context: RequestContext>(to router: some RouterMethods<Context>) {
            router.get("hello") { _, _ in WebPage(title: "Hello", site: "Test", body: []).response() }
            router.get("live") { _, _ in
                WebPage(
                    title: "Live", site: "Test",
                    body: [.div(.id("region"), .data(named: "live", value: "/events"), .text("0"))]
                ).response()
            }
            router.post("hello") { _, _ in Response.redirect(to: "/hello") }
            router.get("events") { _, _ in
                ServerSentEvents.response { send in
                    try await send(ServerSentEvent(data: "1"))
                    try await send(ServerSentEvent(name: "update", data: "2"))
                }
            }
        }
    }

    /// Runs `pages` on a `WebServer` on a free loopback port for `body`, then stops it.
    static func withServer(
        _ pages: some WebRoutes, publicNames: [String] = [], _ body: (URL) async throws -> Void
    ) async throws {
        let (ports, listening) = AsyncStream<Int>.makeStream()
        let server = Task {
            defer { listening.finish() }
            let names = publicNames.compactMap(ServedHosts.PublicName.init)
            try await WebServer(port: 0, publicNames: names, quiet: true).run(pages) { _, port in listening.yield(port)
            }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            _ = try await server.value
            Issue.record("the server stopped before it listened")
            return
        }
        do {
            try await body(try #require(URL(string: "http://127.0.0.1:\(port)")))
        } catch {
            server.cancel()
            throw error
        }
        server.cancel()
        _ = try? await server.value
    }
}
