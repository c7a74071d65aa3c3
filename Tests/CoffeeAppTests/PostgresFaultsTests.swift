import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `coffee serve` on a PostgreSQL server that stops answering: every wait here is bounded.
///
/// No check here is a speed. A paused database never answers, so a route without its deadline
/// would hang until the client gives up (`request`'s 60 s): an answer at all, 503, is the proof;
/// a SIGTERM that is not honoured leaves the process running until the 60 s wait fails.
@Suite("coffee serve under PostgreSQL faults")
struct PostgresFaultsTests {
    @Test(
        "PostgreSQL paused: 503 with Retry-After within the deadline, /health at once, one warning; back: 200; SIGTERM exits in time"
    )
    func pausedDatabase() async throws {
        let cluster = try PostgresCluster.makeOwnCluster()
        defer { cluster.remove() }
        let server = try ServeProcess(storage: ["--database", cluster.url], options: ["--log-level", "debug"])
        #expect(try await Self.request(server, "GET", "/menu").status == 200)
        try cluster.pause()
        // Two rounds while it is down: every answer within the bound, and one warning for the outage.
        for _ in 0..<2 { try await Self.expectUnavailable(server) }
        try cluster.resume()
        try await Self.expectServing(server)
        // Paused again with a request hanging on it: SIGTERM still ends the process within the grace period.
        try cluster.pause()
        let started = Self.requestsStarted(server)
        let hanging = Task { try? await Self.request(server, "GET", "/orders", token: server.token) }
        #expect(
            await server.waitForLog("request started", count: started + 1, timeout: 60),
            "the server never started GET /orders")
        try await Self.expectStopsOnSIGTERM(server)
        try cluster.resume()
        _ = await hanging.value
        let stopped = server.stop()
        #expect(stopped.reason == .exit)
        let lines = stopped.stderr.split(separator: "\n")
        #expect(lines.filter { $0.contains("PostgreSQL does not answer") }.count == 2, "\(stopped.stderr)")
        #expect(lines.filter { $0.contains("PostgreSQL answers again") }.count == 1, "\(stopped.stderr)")
    }

    @Test(
        "PostgreSQL killed with -9 and started again: 503 while it is gone, every route served after, SIGTERM in time")
    func crashedDatabase() async throws {
        let cluster = try PostgresCluster.makeOwnCluster(durable: true)
        defer { cluster.remove() }
        let server = try ServeProcess(storage: ["--database", cluster.url], options: ["--log-level", "debug"])
        // Pooled connections in use and idle when the server dies. A durable cluster's first
        // answers can outlast the database deadline on a loaded machine: wait for it to serve.
        try await Self.expectServing(server)
        try await Self.expectOrdersListed(server)
        try cluster.crash()
        try await Self.expectUnavailable(server)
        try cluster.restart()
        try await Self.expectServing(server)
        try await Self.expectOrdersListed(server)
        try await Self.expectStopsOnSIGTERM(server)
        _ = server.stop()
    }

    /// Every storage route at once answers 503 with `Retry-After` within the bound, and `/health`
    /// 200 before any of them, while the database is gone; no answer holds a library's words.
    ///
    /// `/health` is held to answering before the storage routes when it is sent before they answer
    /// (on a loaded machine the server's log, which says they started, can arrive after): had it
    /// asked the database, it would wait out the deadline as they do.
    static func expectUnavailable(_ server: ServeProcess) async throws {
        let started = requestsStarted(server)
        try await withThrowingTaskGroup(of: Answer.self) { group in
            for (method, path, body) in Self.storageRoutes {
                group.addTask {
                    let answer = try await Self.request(server, method, path, body: body, token: server.token)
                    #expect(answer.status == 503, "\(method) \(path)")
                    #expect(answer.retryAfter == "1", "\(method) \(path)")
                    #expect(!answer.body.contains("PSQL") && !answer.body.contains("SQLSTATE"))
                    return answer
                }
            }
            // Sent once the server is in every storage route: had it waited too, it would answer after them.
            let inFlight = await server.waitForLog(
                "request started", count: started + storageRoutes.count, timeout: 60)
            #expect(inFlight, "the server did not start every storage route")
            let health = try await Self.request(server, "GET", "/health", token: "coffee_wrong")
            let storage = try await group.reduce(into: [Answer]()) { $0.append($1) }
            let firstStorageAnswer = storage.map(\.finished).min() ?? .distantFuture
            #expect(health.status == 200)
            if health.finished.addingTimeInterval(-health.seconds) < firstStorageAnswer {
                #expect(health.finished < firstStorageAnswer, "GET /health took \(health.seconds) s: it waited")
            }
        }
    }

    /// The database answers (at start, or once it is back): the menu within 60 s, then an order and `/ready` right after.
    static func expectServing(_ server: ServeProcess) async throws {
        var menu = try await Self.request(server, "GET", "/menu")
        let deadline = Date().addingTimeInterval(60)
        while menu.status != 200, Date() < deadline {
            try await Task.sleep(for: .milliseconds(200))
            menu = try await Self.request(server, "GET", "/menu")
        }
        #expect(menu.status == 200, "\(menu.body)")
        #expect(try await Self.request(server, "POST", "/orders", body: Self.latte).status == 201)
        #expect(try await Self.request(server, "GET", "/ready").status == 200)
    }

    /// `GET /orders` with the server's staff token is 200; else the answer, whether the server still
    /// runs and the end of its log say why.
    static func expectOrdersListed(_ server: ServeProcess) async throws {
        let answer = try await Self.request(server, "GET", "/orders", token: server.token)
        #expect(
            answer.status == 200,
            "\(answer.status) \(answer.body.prefix(300)); running: \(server.process.isRunning); log: \(server.logText.suffix(1500))"
        )
    }

    /// How many requests the server (at `--log-level debug`) has started so far.
    static func requestsStarted(_ server: ServeProcess) -> Int {
        server.logText.components(separatedBy: "request started").count - 1
    }

    /// SIGTERM ends the process (the server cancels what still runs after its 10 s grace period);
    /// a process still running after 60 s fails the test and is killed.
    static func expectStopsOnSIGTERM(_ server: ServeProcess) async throws {
        kill(server.process.processIdentifier, SIGTERM)
        do {
            try await Waiting.until("the server to exit after SIGTERM", interval: .milliseconds(100)) {
                !server.process.isRunning
            }
        } catch {
            kill(server.process.processIdentifier, SIGKILL)
            throw error
        }
    }

    @Test("a NUL in a query parameter is 400 naming it, on SQLite and on PostgreSQL")
    func nulInQuery() async throws {
        let folder = try TemporaryDirectory()
        let servers = [
            try ServeProcess(database: folder.path("orders.sqlite").path),
            try ServeProcess(postgres: try await PostgresCluster.makeDatabase()),
        ]
        for server in servers {
            let answer = try await Self.request(server, "GET", "/orders?customer=a%00b", token: server.token)
            #expect(answer.status == 400, "\(answer.body)")
            let problem = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
            #expect(problem?["field"] as? String == "customer")
            #expect(!answer.body.contains("SQLSTATE") && !answer.body.contains("UTF8"))
            _ = server.stop()
        }
    }

    @Test("a wrong or revoked token on a customer's route or a probe is ignored; on a staff route it is 401")
    func tokensOnPublicRoutes() async throws {
        let server = try ServeProcess(postgres: try await PostgresCluster.makeDatabase())
        for (method, path, body, expected) in [
            ("GET", "/health", nil, 200), ("GET", "/ready", nil, 200), ("GET", "/menu", nil, 200),
            ("GET", "/openapi.json", nil, 200), ("POST", "/orders", Self.latte, 201), ("GET", "/orders", nil, 401),
        ] {
            let answer = try await Self.request(server, method, path, body: body, token: "coffee_wrong")
            #expect(answer.status == expected, "\(method) \(path)")
        }
        _ = server.stop()
    }

    @Test("a server that asks for a password the URL lacks fails in our words, saying where the password goes")
    func passwordRequired() async throws {
        let cluster = try PostgresCluster.makeOwnCluster()
        defer { cluster.remove() }
        try await PostgresCluster.execute(cluster.url, "ALTER ROLE strata PASSWORD 'not-in-the-url'")
        // TCP logins now need the password (the socket stays trusted); the reload applies it.
        let rules = cluster.folder + "/data/pg_hba.conf"
        let lines = try String(contentsOfFile: rules, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let changed = lines.map { line in
            line.hasPrefix("host") ? line.replacingOccurrences(of: "trust", with: "scram-sha-256") : String(line)
        }
        try changed.joined(separator: "\n").write(toFile: rules, atomically: false, encoding: .utf8)
        try await PostgresCluster.execute(cluster.url, "SELECT pg_reload_conf()")
        let coffee = BinaryRunner(product: "coffee")
        // The reload is asynchronous: wait until a login meets the new rule.
        var attempt: BinaryRunner.Result?
        try await Waiting.until("the server to ask for a password after its reload", interval: .milliseconds(250)) {
            attempt = try coffee.run(["list", "--database", cluster.url], timeout: 30)
            return attempt?.stderr.contains("password") == true
        }
        let failed = try #require(attempt)
        #expect(failed.status == 74)
        #expect(failed.stderr.contains("asks for a password and the URL has none"), "\(failed.stderr)")
        #expect(failed.stderr.contains("postgres://USER:PASSWORD@HOST"))
        #expect(!failed.stderr.contains("authMechanism") && !failed.stderr.contains("PSQL"), "\(failed.stderr)")
    }

    static let latte = #"{"customer":"Ada","coffee":"latte","size":"small"}"#

    /// Every route that needs the database.
    static let storageRoutes: [(String, String, String?)] = [
        ("GET", "/ready", nil), ("GET", "/menu", nil), ("POST", "/orders", latte), ("GET", "/orders", nil),
        ("GET", "/orders/8e03978e-40d5-43e8-bc93-6894a57f9324", nil),
    ]

    struct Answer {
        let status: Int
        let retryAfter: String?
        let body: String
        let seconds: TimeInterval
        /// When the whole answer had arrived.
        let finished: Date
    }

    /// This suite's own client, with room for every request of a round at once: the shared one
    /// queues a host's requests past six connections, and other suites use it meanwhile.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 32
        return URLSession(configuration: configuration)
    }()

    /// One request, given up after 60 s; `token` is sent as a bearer token when given.
    static func request(
        _ server: ServeProcess, _ method: String, _ path: String, body: String? = nil, token: String? = nil
    ) async throws -> Answer {
        guard let url = URL(string: server.url + path) else { throw URLError(.badURL) }
        var request = URLRequest(url: url, timeoutInterval: 60)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        // Both times are taken off the cooperative pool, in the completion handler on URLSession's
        // own queue: a loaded test run can keep this task waiting for a thread long after the
        // answer arrived, and that wait is not the server's.
        return try await withCheckedThrowingContinuation { continuation in
            let started = Date()
            session.dataTask(with: request) { data, response, error in
                let finished = Date()
                guard let data, let http = response as? HTTPURLResponse else {
                    continuation.resume(throwing: error ?? URLError(.badServerResponse))
                    return
                }
                continuation.resume(
                    returning: Answer(
                        status: http.statusCode, retryAfter: http.value(forHTTPHeaderField: "Retry-After"),
                        body: String(decoding: data, as: UTF8.self), seconds: finished.timeIntervalSince(started),
                        finished: finished))
            }.resume()
        }
    }
}
