import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Idempotency keys and staff tokens against the built `coffee` binary on loopback.
@Suite("coffee serve: idempotency keys and staff tokens, end to end")
struct IdempotencyAndTokenTests {
    private static let latte = #"{"customer":"Ada","coffee":"latte","size":"small"}"#

    @Test("a POST repeated with its key stores one order and answers the first 201; another body is 422")
    func retriedPost() async throws {
        let coffee = try Coffee()
        let server = try ServeProcess(database: coffee.database)
        let key = ["Idempotency-Key": #""\#(UUID().uuidString)""#]
        let first = try await HTTP.send("POST", server.url + "/orders", Self.latte, token: .some(nil), headers: key)
        let again = try await HTTP.send("POST", server.url + "/orders", Self.latte, token: .some(nil), headers: key)
        #expect(first.0 == 201 && again.0 == 201)
        #expect(first.1["id"] as? String == again.1["id"] as? String)
        let other = try await HTTP.send(
            "POST", server.url + "/orders", #"{"customer":"Bob","coffee":"mocha","size":"small"}"#, token: .some(nil),
            headers: key)
        #expect(other.0 == 422)
        #expect(other.1["field"] as? String == "Idempotency-Key")
        #expect(try coffee.orders().count == 1)
        _ = server.stop()
    }

    @Test("concurrent POSTs with one key: one order; every answer the first 201 or 409")
    func concurrentSameKey() async throws {
        let coffee = try Coffee()
        let server = try ServeProcess(database: coffee.database)
        for _ in 0..<5 {
            let outcomes = try await Self.race(urls: Array(repeating: server.url, count: 8))
            #expect(Set(outcomes.compactMap(\.id)).count == 1, "\(outcomes)")
            #expect(outcomes.allSatisfy { $0.status == 201 || $0.status == 409 }, "\(outcomes)")
        }
        #expect(try coffee.orders().count == 5)
        _ = server.stop()
    }

    @Test("two servers on one PostgreSQL: concurrent POSTs with one key place one order; 201s agree, the rest 409")
    func concurrentSameKeyAcrossServers() async throws {
        let url = try await PostgresCluster.makeDatabase()
        let (first, second) = (try ServeProcess(postgres: url), try ServeProcess(postgres: url))
        var statuses: [Int] = []
        for _ in 0..<10 {
            let outcomes = try await Self.race(urls: [first.url, second.url, first.url, second.url])
            #expect(Set(outcomes.compactMap(\.id)).count == 1, "\(outcomes)")
            #expect(outcomes.allSatisfy { $0.status == 201 || $0.status == 409 }, "\(outcomes)")
            statuses += outcomes.map(\.status)
        }
        let (_, list) = try await HTTP.get(second.url + "/orders")
        #expect((list["orders"] as? [[String: Any]])?.count == 10)
        #expect(statuses.contains(201))
        _ = first.stop()
        _ = second.stop()
    }

    @Test("two servers on one PostgreSQL: replays of a stored key all get its 201, never 409, one order")
    func replaysAcrossServers() async throws {
        let url = try await PostgresCluster.makeDatabase()
        let (first, second) = (try ServeProcess(postgres: url), try ServeProcess(postgres: url))
        let key = #""\#(UUID().uuidString)""#
        let placed = try await HTTP.send(
            "POST", first.url + "/orders", Self.latte, token: .some(nil), headers: ["Idempotency-Key": key])
        #expect(placed.0 == 201)
        let outcomes = try await Self.race(
            urls: Array(repeating: [first.url, second.url], count: 6).flatMap { $0 }, key: key)
        #expect(outcomes.allSatisfy { $0.status == 201 && $0.id == placed.1["id"] as? String }, "\(outcomes)")
        let (_, list) = try await HTTP.get(second.url + "/orders")
        #expect((list["orders"] as? [[String: Any]])?.count == 1)
        _ = first.stop()
        _ = second.stop()
    }

    @Test(
        "two servers on one PostgreSQL: a token revoked through the CLI is refused by both at once, though both just served it"
    )
    func revokeAcrossServers() async throws {
        let url = try await PostgresCluster.makeDatabase()
        let (first, second) = (try ServeProcess(postgres: url), try ServeProcess(postgres: url))
        let coffee = BinaryRunner(product: "coffee")
        let made = try coffee.run(["token", "create", "--name", "till-9", "--format", "plain", "--database", url])
        let token = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        for server in [first, second] {
            for _ in 0..<3 {
                #expect(try await HTTP.send("GET", server.url + "/orders", nil, token: .some(token)).0 == 200)
            }
        }
        #expect(try coffee.run(["token", "revoke", "till-9", "--database", url]).status == 0)
        for server in [first, second] {
            #expect(try await HTTP.send("GET", server.url + "/orders", nil, token: .some(token)).0 == 401)
            // The servers' own tokens still work: the revoke took only the one token.
            #expect(try await HTTP.send("GET", server.url + "/orders", nil).0 == 200)
        }
        _ = first.stop()
        _ = second.stop()
    }

    @Test("staff routes: 401 without a token, with a wrong one, and with a revoked one; customer routes open")
    func tokens() async throws {
        let coffee = try Coffee()
        let server = try ServeProcess(database: coffee.database)
        let (placedStatus, placed) = try await HTTP.post(server.url + "/orders", Self.latte)
        #expect(placedStatus == 201)
        let id = try #require(placed["id"] as? String)
        #expect(try await HTTP.send("GET", server.url + "/menu", nil, token: .some(nil)).0 == 200)
        #expect(try await HTTP.send("GET", server.url + "/orders/" + id, nil, token: .some(nil)).0 == 200)
        let made = try coffee.run("token", "create", "--name", "till-2", "--format", "plain")
        let revoked = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try await HTTP.send("GET", server.url + "/orders", nil, token: .some(revoked)).0 == 200)
        #expect(try coffee.run("token", "revoke", "till-2").status == 0)
        let protected: [(String, String, String?)] = [
            ("GET", "/orders", nil), ("GET", "/orders/" + String(id.prefix(8)), nil),
            ("PATCH", "/orders/" + id, #"{"action":"advance"}"#), ("DELETE", "/orders/" + id, nil),
        ]
        for (method, path, body) in protected {
            for token in [nil, "coffee_0000", revoked] {
                let (status, answer) = try await HTTP.send(method, server.url + path, body, token: .some(token))
                #expect(status == 401, "\(method) \(path)")
                #expect(answer["field"] as? String == "Authorization")
            }
        }
        // Through the CLI: refused without a token, served with one from the environment.
        let refused = try coffee.runner.run(["list", "--server", server.url])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--token or $STRATA_COFFEE_TOKEN"))
        let listed = try coffee.runner.run(
            ["list", "--server", server.url], environment: ["STRATA_COFFEE_TOKEN": server.token])
        #expect(listed.status == 0 && listed.stdout.contains("Ada"))
        let advanced = try coffee.runner.run(["advance", id, "--server", server.url, "--token", server.token])
        #expect(advanced.status == 0, "\(advanced.stderr)")
        // The token never shows in the server's output.
        let stopped = server.stop()
        #expect(!stopped.stderr.contains(server.token) && !stopped.stderr.contains(revoked))
    }

    @Test("token create, list and revoke on the CLI; only hashes are stored")
    func tokenCommands() throws {
        let coffee = try Coffee()
        let made = try coffee.run("token", "create", "--name", "till-1")
        #expect(made.status == 0)
        let lines = made.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "token till-1 (staff) created; it is shown only this once:")
        let token = try #require(lines.last)
        #expect(token.hasPrefix("coffee_") && token.count == 7 + 64)
        #expect(try coffee.run("token", "create", "--name", "board", "--role", "reports").status == 0)
        let duplicate = try coffee.run("token", "create", "--name", "till-1")
        #expect(duplicate.status == 67)
        let listed = try coffee.run("token", "list", "--format", "plain")
        #expect(
            listed.stdout.split(separator: "\n").map { $0.split(separator: "\t").prefix(2).joined(separator: " ") }
                == ["till-1 staff", "board reports"])
        #expect(!listed.stdout.contains(token))
        // The file holds the token's SHA-256, never the token.
        let file = try Data(contentsOf: URL(fileURLWithPath: coffee.database))
        #expect(file.range(of: Data(token.utf8)) == nil)
        #expect(try coffee.run("token", "revoke", "till-1").stdout == "token till-1 revoked\n")
        let again = try coffee.run("token", "revoke", "till-1")
        #expect(again.status == 66)
        #expect(try coffee.run("token", "list", "--format", "plain").stdout.hasPrefix("board\treports\t"))
        let badRole = try coffee.run("token", "create", "--name", "x", "--role", "admin")
        #expect(badRole.status == 64)
    }

    @Test("coffee order --server retries a POST whose answer was lost: one order stored")
    func cliRetry() throws {
        let coffee = try Coffee()
        let server = try ServeProcess(database: coffee.database)
        let target = try #require(URL(string: server.url))
        let posts = Mutex(0)
        // A proxy in front of the server: it forwards every request, but drops the answer to the first POST.
        let proxy = try LoopbackServer { request in
            let answer = Self.forward(request, to: target)
            guard request.method == "POST" else { return answer }
            return posts.withLock { count in
                count += 1
                return count == 1 ? .close : answer
            }
        }
        defer { proxy.stop() }
        let placed = try coffee.runner.run([
            "order", "--server", proxy.baseURL.absoluteString, "--name", "Ada", "--coffee", "latte", "--size", "small",
        ])
        #expect(placed.status == 0, "\(placed.stderr)")
        let keys = proxy.requests.filter { $0.method == "POST" }.map { $0.headers["idempotency-key"] }
        #expect(keys.count == 2)
        #expect(Set(keys).count == 1 && keys.first != nil)
        let stored = try coffee.orders()
        #expect(stored.count == 1)
        #expect(placed.stdout.contains(String((stored.first?["id"] as? String ?? "-").prefix(8))))
        _ = server.stop()
    }

    // MARK: - Helpers

    /// Sends one request to the real server, synchronously (the proxy's handler runs on its own thread).
    private static func forward(_ request: LoopbackServer.Request, to base: URL) -> LoopbackServer.Reply {
        guard let url = URL(string: base.absoluteString + request.target) else { return .close }
        var forwarded = URLRequest(url: url, timeoutInterval: 10)
        forwarded.httpMethod = request.method
        if !request.body.isEmpty { forwarded.httpBody = request.body }
        for (name, value) in request.headers where !["host", "content-length", "connection"].contains(name) {
            forwarded.setValue(value, forHTTPHeaderField: name)
        }
        let result = Mutex<LoopbackServer.Reply>(.close)
        let done = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: forwarded) { data, response, _ in
            if let http = response as? HTTPURLResponse {
                result.withLock {
                    $0 = .respond(
                        status: http.statusCode, headers: ["Content-Type": "application/json"], body: data ?? Data())
                }
            }
            done.signal()
        }.resume()
        done.wait()
        return result.withLock { $0 }
    }

    /// Sends one POST with one new key to each URL at once; the statuses and the ids answered.
    /// POSTs the same order with one key (a new one unless given) to every URL at once.
    private static func race(urls: [String], key: String = #""\#(UUID().uuidString)""#) async throws -> [(
        status: Int, id: String?
    )] {
        let key = ["Idempotency-Key": key]
        return try await withThrowingTaskGroup(of: (status: Int, id: String?).self) { group in
            for url in urls {
                group.addTask {
                    let (status, body) = try await HTTP.send(
                        "POST", url + "/orders", latte, token: .some(nil), headers: key)
                    return (status, status == 201 ? body["id"] as? String : nil)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }
}
