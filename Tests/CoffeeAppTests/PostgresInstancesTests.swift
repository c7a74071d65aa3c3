import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Two `coffee serve` processes on one PostgreSQL database of the test cluster.
@Suite("coffee serve, several instances on PostgreSQL")
struct PostgresInstancesTests {
    @Test("orders placed through either server are read through both, the same")
    func placeAndRead() async throws {
        let (first, second) = try await Self.twoServers()
        var placed: [String] = []
        for index in 0..<6 {
            let server = index.isMultiple(of: 2) ? first : second
            let (status, body) = try await HTTP.post(server.url + "/orders", order(name: "Both \(index)"))
            #expect(status == 201)
            placed.append(try #require(body["id"] as? String))
        }
        for server in [first, second] {
            let (_, list) = try await HTTP.get(server.url + "/orders")
            let ids = (list["orders"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
            #expect(ids == placed)
        }
        let (status, one) = try await HTTP.get(second.url + "/orders/" + placed[0])
        #expect(status == 200 && one["customer"] as? String == "Both 0")
    }

    @Test("a race on one order's status through both servers gives one success and one 409")
    func racingStatusChanges() async throws {
        let (first, second) = try await Self.twoServers()
        var ids: [String] = []
        for index in 0..<10 {
            ids.append(
                try #require(
                    try await HTTP.post(first.url + "/orders", order(name: "Race \(index)")).1["id"] as? String))
        }
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for id in ids {
                for server in [first, second] {
                    group.addTask {
                        try await HTTP.send("PATCH", server.url + "/orders/" + id, #"{"status":"preparing"}"#).0
                    }
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.sorted() == Array(repeating: 200, count: 10) + Array(repeating: 409, count: 10))
    }

    @Test("a server's cached list never misses a change the other server committed")
    func listCacheSeesOtherInstance() async throws {
        let (first, second) = try await Self.twoServers()
        for index in 0..<15 {
            // Read through the first (its cache now holds the list), change through the second, read again.
            let before = try await Self.count(first)
            let (status, body) = try await HTTP.post(second.url + "/orders", order(name: "Cache \(index)"))
            #expect(status == 201)
            #expect(try await Self.count(first) == before + 1)
            let id = try #require(body["id"] as? String)
            _ = try await HTTP.send("PATCH", second.url + "/orders/" + id, #"{"action":"advance"}"#)
            let (_, list) = try await HTTP.get(first.url + "/orders?status=preparing")
            #expect((list["orders"] as? [[String: Any]])?.contains { $0["id"] as? String == id } == true)
        }
    }

    @Test("kill -9 of one server during a burst through both: every 201 stored once, the other keeps serving")
    func killOneDuringBurst() async throws {
        let (first, second) = try await Self.twoServers()
        let victim = first.process.processIdentifier
        let acknowledged = try await withThrowingTaskGroup(of: (name: String, id: String)?.self) { group in
            for index in 0..<120 {
                let server = index.isMultiple(of: 2) ? first : second
                group.addTask {
                    let name = "Burst \(index)"
                    guard let (status, body) = try? await HTTP.post(server.url + "/orders", order(name: name)),
                        status == 201, let id = body["id"] as? String
                    else { return nil }
                    return (name, id)
                }
            }
            var acknowledged: [(name: String, id: String)] = []
            for try await result in group {
                if let result { acknowledged.append(result) }
                // Once some orders are acknowledged and others are still in flight.
                if acknowledged.count == 30 { kill(victim, SIGKILL) }
            }
            return acknowledged
        }
        first.process.waitUntilExit()
        #expect(first.process.terminationReason == .uncaughtSignal)
        #expect(acknowledged.count >= 60, "the surviving server acknowledges its half")
        let (status, _) = try await HTTP.post(second.url + "/orders", order(name: "After"))
        #expect(status == 201)
        // One page holds every order of the burst (100 by default would not).
        let (_, list) = try await HTTP.get(second.url + "/orders?limit=1000")
        #expect(list["next"] == nil)
        let stored = try #require(list["orders"] as? [[String: Any]])
        let storedNames = stored.compactMap { $0["customer"] as? String }
        let storedIDs = Set(stored.compactMap { $0["id"] as? String })
        #expect(Set(acknowledged.map(\.id)).isSubset(of: storedIDs))
        // Each POST was sent once, so no name may be stored twice.
        #expect(Set(storedNames).count == storedNames.count)
        for (name, id) in acknowledged {
            #expect(stored.filter { $0["customer"] as? String == name }.map { $0["id"] as? String } == [id])
        }
    }

    @Test("the CLI reads and writes the same database as the servers")
    func cliOnPostgres() async throws {
        let url = try await PostgresCluster.makeDatabase()
        let server = try ServeProcess(postgres: url)
        _ = try await HTTP.post(server.url + "/orders", order(name: "Served"))
        let coffee = BinaryRunner(product: "coffee")
        let placed = try coffee.run(
            ["order", "--name", "Local", "--coffee", "mocha", "--size", "small"],
            environment: ["STRATA_COFFEE_DATABASE_URL": url])
        #expect(placed.status == 0, "\(placed.stderr)")
        let (_, list) = try await HTTP.get(server.url + "/orders")
        #expect((list["orders"] as? [[String: Any]])?.compactMap { $0["customer"] as? String } == ["Served", "Local"])
        let listed = try coffee.run(["list", "--format", "plain", "--database", url])
        #expect(listed.stdout.contains("Served") && listed.stdout.contains("Local"))
        _ = server.stop()
    }

    @Test("a URL that is not postgres:// is a usage error; one that cannot connect says so, without the password")
    func badURLs() throws {
        let coffee = BinaryRunner(product: "coffee")
        let notPostgres = try coffee.run(["list", "--database", "mysql://ada:hunter2@localhost/coffee"])
        #expect(notPostgres.status == 64)
        #expect(
            notPostgres.stderr
                == "coffee: error: 'mysql://ada@localhost/coffee' is not a PostgreSQL URL; pass one like postgres://user@127.0.0.1:5432/coffee to --database\n"
        )
        let refused = try coffee.run([
            "serve", "--port", "0", "--database", "postgres://ada:hunter2@127.0.0.1:1/coffee",
        ])
        #expect(refused.status == 74)
        #expect(
            refused.stderr
                == "coffee: error: cannot use PostgreSQL at postgres://ada@127.0.0.1:1/coffee: could not connect: connection refused; check that the server runs and the URL given to --database or $STRATA_COFFEE_DATABASE_URL\n"
        )
        #expect(!refused.stdout.contains("hunter2") && !refused.stdout.contains("listening"))
        let both = try coffee.run(["list", "--database", "postgres://ada@localhost/coffee", "--server", "http://x"])
        #expect(both.status == 64)
        #expect(both.stderr == "coffee: error: give one of --database, --server, not several\n")
    }

    private func order(name: String) -> String {
        #"{"customer":"\#(name)","coffee":"latte","size":"small"}"#
    }

    private static func twoServers() async throws -> (ServeProcess, ServeProcess) {
        let url = try await PostgresCluster.makeDatabase()
        return (try ServeProcess(postgres: url), try ServeProcess(postgres: url))
    }

    private static func count(_ server: ServeProcess) async throws -> Int {
        let (_, list) = try await HTTP.get(server.url + "/orders")
        return (list["orders"] as? [[String: Any]])?.count ?? -1
    }
}

/// Requests to a test server, answered as status and JSON object.
enum HTTP {
    static func get(_ url: String) async throws -> (Int, [String: Any]) {
        try await send("GET", url, nil)
    }

    static func post(_ url: String, _ body: String) async throws -> (Int, [String: Any]) {
        try await send("POST", url, body)
    }

    /// Sends with the staff token of the test's server at `url` unless `token` is given (`.some(nil)`: none).
    static func send(
        _ method: String, _ url: String, _ body: String?, token: String?? = nil, headers: [String: String] = [:]
    ) async throws -> (Int, [String: Any]) {
        guard let target = URL(string: url) else { throw URLError(.badURL) }
        var request = URLRequest(url: target, timeoutInterval: 20)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        if let bearer = token ?? ServeProcess.token(for: url) {
            request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, object)
    }
}

@Suite("coffee options")
struct CoffeeOptionTests {
    @Test("serve lists only the options it uses; the other commands name every store")
    func optionsWhereTheyApply() throws {
        let coffee = BinaryRunner(product: "coffee")
        let serve = try coffee.run(["serve", "--help"]).stdout
        #expect(serve.contains("--db") && serve.contains("--database"))
        #expect(!serve.contains("--server") && !serve.contains("--format"))
        let list = try coffee.run(["list", "--help"]).stdout
        for option in ["--format", "--db", "--database", "--server"] { #expect(list.contains(option), "\(option)") }
        let refused = try coffee.run(["serve", "--server", "http://127.0.0.1:1"])
        #expect(refused.status == 64)
    }
}
