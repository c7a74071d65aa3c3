import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `coffee serve` as a hostile page and a hostile client meet it: the one guard before every
/// route (host, cross-site, headers), the API's media type, the board's notice, the stream cap.
@Suite("coffee serve's web guard")
struct WebGuardTests {
    @Test("DNS rebinding: a request for another name is 421 on the board, the API and the form, and places nothing")
    func rebinding() async throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("orders.sqlite").path
        let server = try ServeProcess(storage: ["--db", database], options: ["--allowed-host", "coffee.example"])
        defer { _ = server.stop() }
        let port = RawExchange.port(of: server.url)
        let evil = ("Host", "evil.example:\(port)")
        for path in ["/", "/orders/x", "/board/events", "/health"] {
            let answer = try RawExchange.send(port: port, "GET", path, headers: [evil])
            #expect(answer.status == 421, "GET \(path): \(answer.body)")
            #expect(answer.body.contains("unknownHost") && answer.headers["x-request-id"] != nil)
        }
        let json = #"{"customer":"Rebound","coffee":"Latte","size":"small"}"#
        let placed = try RawExchange.send(
            port: port, "POST", "/orders", headers: [evil, ("Content-Type", "application/json")], body: json)
        #expect(placed.status == 421)
        let form = try RawExchange.asRebindingPage(
            port: port, get: "/order", post: "/order", form: "customer=Rebound&coffee=Latte&size=small")
        #expect(form.get.status == 421 && form.post.status == 421)
        let listed = try BinaryRunner(product: "coffee").run(["list", "--db", database, "--format", "plain"])
        #expect(!listed.stdout.contains("Rebound"))
        // The names the server answers: its own, with the port, and the proxy's it was given.
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "coffee.example", "coffee.example:443"] {
            #expect(
                try RawExchange.send(port: port, "GET", "/health", headers: [("Host", host)]).status == 200, "\(host)")
        }
        #expect(try RawExchange.send(port: port, "GET", "/health", headers: [("Host", "localhost:1")]).status == 421)
    }

    @Test(
        "an order the API gets from another site is refused: 415 without the JSON type, 403 cross-site; nothing placed")
    func crossSiteAPI() async throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("orders.sqlite").path
        let server = try ServeProcess(database: database)
        defer { _ = server.stop() }
        let port = RawExchange.port(of: server.url)
        let host = ("Host", "127.0.0.1:\(port)")
        let json = #"{"customer":"Mallory","coffee":"Latte","size":"small"}"#
        // What a form on any site can send without asking first.
        let plain = try RawExchange.send(
            port: port, "POST", "/orders",
            headers: [
                host, ("Content-Type", "text/plain"), ("Origin", "https://evil.example"),
                ("Sec-Fetch-Site", "cross-site"),
            ], body: json)
        #expect(plain.status == 403, "\(plain.body)")
        let untyped = try RawExchange.send(
            port: port, "POST", "/orders", headers: [host, ("Content-Type", "text/plain")], body: json)
        #expect(untyped.status == 415 && untyped.body.contains("unsupportedMediaType"))
        let foreign = try RawExchange.send(
            port: port, "POST", "/orders",
            headers: [host, ("Content-Type", "application/json"), ("Origin", "https://evil.example")], body: json)
        #expect(foreign.status == 403 && foreign.body.contains("crossSiteRequest"))
        let listed = try BinaryRunner(product: "coffee").run(["list", "--db", database, "--format", "plain"])
        #expect(!listed.stdout.contains("Mallory"))
        let own = try RawExchange.send(
            port: port, "POST", "/orders",
            headers: [
                host, ("Content-Type", "application/json; charset=utf-8"), ("Origin", "http://127.0.0.1:\(port)"),
            ],
            body: json.replacingOccurrences(of: "Mallory", with: "Alice"))
        #expect(own.status == 201)
    }

    @Test("the board's notice shows only for the redirect that placed the order: a prefix or a bare id reveals nobody")
    func sealedNotice() async throws {
        let folder = try TemporaryDirectory()
        let server = try ServeProcess(database: folder.path("orders.sqlite").path)
        defer { _ = server.stop() }
        let base = try #require(URL(string: server.url))
        let (_, placed) = try await PageRequest.send(
            base.appendingPathComponent("order"), method: "POST",
            body: Data("customer=Secret+Customer&coffee=Latte&size=small".utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(placed.statusCode == 303)
        let location = try #require(placed.value(forHTTPHeaderField: "Location"))
        let query = try #require(URLComponents(string: location)?.queryItems)
        let id = try #require(query.first { $0.name == "placed" }?.value)
        let seal = try #require(query.first { $0.name == "seal" }?.value)
        #expect(try await WebClient.get(server.url + location).body.contains("placed for Secret Customer"))
        // Off the board, as a finished order is.
        let port = RawExchange.port(of: server.url)
        let cancelled = try RawExchange.send(
            port: port, "PATCH", "/orders/\(id)",
            headers: [
                ("Host", "127.0.0.1:\(port)"), ("Authorization", "Bearer \(server.token)"),
                ("Content-Type", "application/json"),
            ], body: #"{"action":"cancel"}"#)
        #expect(cancelled.status == 200)
        let forged = [
            "/?placed=\(id.prefix(1))", "/?placed=\(id.prefix(4))", "/?placed=\(id)", "/?changed=\(id.prefix(2))",
            "/?placed=\(id)&seal=\(String(seal.reversed()))", "/?changed=\(id)&seal=\(seal)",
        ]
        for path in forged {
            let page = try await WebClient.get(server.url + path)
            #expect(page.status == 200 && !page.body.contains("Secret Customer"), "\(path)")
        }
    }

    @Test("the order form holds the name rule's 60 characters, and 61 are refused beside the field")
    func nameLength() async throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("orders.sqlite").path
        let server = try ServeProcess(database: database)
        defer { _ = server.stop() }
        let form = try await WebClient.get(server.url + "/order")
        #expect(form.body.contains(#"maxlength="60""#) && !form.body.contains(#"maxlength="200""#))
        let long = try await WebClient.post(
            server.url + "/order",
            form: [("customer", String(repeating: "n", count: 61)), ("coffee", "Latte"), ("size", "small")])
        #expect(long.status == 422 && long.body.contains("60"))
        let fits = try await WebClient.post(
            server.url + "/order",
            form: [("customer", String(repeating: "m", count: 60)), ("coffee", "Latte"), ("size", "small")])
        #expect(fits.status == 200 && fits.url.contains("placed="))
    }

    @Test("a 404 problem quoting the path carries nosniff and the policy, as every answer does")
    func notFoundHeaders() async throws {
        let folder = try TemporaryDirectory()
        let server = try ServeProcess(database: folder.path("orders.sqlite").path)
        defer { _ = server.stop() }
        let port = RawExchange.port(of: server.url)
        let answer = try RawExchange.send(
            port: port, "GET", "/%3Chtml%3E%3Cscript%3Ealert(1)%3C/script%3E", headers: [("Host", "127.0.0.1:\(port)")])
        #expect(answer.status == 404)
        #expect(answer.headers["x-content-type-options"] == "nosniff")
        #expect(answer.headers["content-security-policy"]?.contains("default-src 'self'") == true)
        #expect(answer.headers["x-frame-options"] == "DENY")
    }

    @Test("past --max-streams a board stream is 503 with Retry-After, and the open ones keep getting changes")
    func streamCap() async throws {
        let folder = try TemporaryDirectory()
        let database = folder.path("orders.sqlite").path
        let server = try ServeProcess(storage: ["--db", database], options: ["--max-streams", "2"])
        defer { _ = server.stop() }
        let port = RawExchange.port(of: server.url)
        let streams = try (0..<2).map { _ in try EventStreamReader(port: port, path: "/board/events") }
        for stream in streams { _ = try stream.nextData() }
        let refused = try RawExchange.send(port: port, "GET", "/board/events", headers: [("Host", "127.0.0.1:\(port)")])
        #expect(refused.status == 503 && refused.headers["retry-after"] == "30")
        let placed = try BinaryRunner(product: "coffee").run(
            ["order", "--name", "Streamed", "--coffee", "Latte", "--size", "small", "--db", database])
        #expect(placed.status == 0)
        for stream in streams { #expect(try stream.nextData().contains("Streamed")) }
    }
}
