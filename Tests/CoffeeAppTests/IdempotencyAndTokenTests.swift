import Foundation
import TestSupport
import Testing

/// Idempotency keys and staff tokens against the built `coffee` binary on loopback.
@Suite("coffee serve: idempotency keys and staff tokens, end to end")
struct IdempotencyAndTokenTests {
    private static let latte = #"{"customer":"Ada","coffee":"latte","size":"small"}"#

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

    // Routes without a token or with an unknown one are the router's (AuthAndIdempotencyTests);
    // here, what only a running server shows: a token revoked on the CLI stops working in it.
    @Test("a token revoked on the CLI is refused by the running server; the CLI sends its token")
    func tokens() async throws {
        let coffee = try Coffee()
        let server = try ServeProcess(database: coffee.database)
        let (placedStatus, placed) = try await HTTP.post(server.url + "/orders", Self.latte)
        #expect(placedStatus == 201)
        let id = try #require(placed["id"] as? String)
        let made = try coffee.run("token", "create", "--name", "till-2", "--format", "plain")
        let revoked = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try await HTTP.send("GET", server.url + "/orders", nil, token: .some(revoked)).0 == 200)
        #expect(try coffee.run("token", "revoke", "till-2").status == 0)
        let protected: [(String, String, String?)] = [
            ("GET", "/orders", nil), ("GET", "/orders/" + String(id.prefix(8)), nil),
            ("PATCH", "/orders/" + id, #"{"action":"advance"}"#), ("DELETE", "/orders/" + id, nil),
        ]
        for (method, path, body) in protected {
            let (status, answer) = try await HTTP.send(method, server.url + path, body, token: .some(revoked))
            #expect(status == 401, "\(method) \(path)")
            #expect(answer["field"] as? String == "Authorization")
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

    // MARK: - Helpers

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
