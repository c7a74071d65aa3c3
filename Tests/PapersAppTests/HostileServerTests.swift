import Core
import Foundation
import Synchronization
import TestSupport
import Testing

/// The built `papers` against loopback servers that misbehave on purpose: every network command
/// ends, within a bounded time, with one line and its exit code, and keeps arXiv's 3 s between requests.
@Suite("papers against hostile servers")
struct HostileServerTests {
    let papers = BinaryRunner(product: "papers")

    /// The three commands that go to the network, each pointed at `url`.
    enum Command: String, CaseIterable, CustomTestStringConvertible {
        case harvest, search, new

        var testDescription: String { rawValue }

        func arguments(_ url: String, db: String) -> [String] {
            switch self {
            case .harvest: ["harvest", "--oai-url", url, "--db", db]
            case .search: ["search", "testing", "--limit", "5", "--api-url", url, "--db", db]
            case .new: ["new", "cs.LG", "--rss-url", url, "--db", db]
            }
        }
    }

    /// A recorded page of set `math` whose resumption token is `token` (none when nil).
    static func page(_ number: Int, token: String?) -> String {
        let data =
            (try? FixtureFiles.data("arxiv-oai", "paged2-11-ListRecords-arXivRaw-set-math-p0\(number).xml")) ?? Data()
        return String(decoding: data, as: UTF8.self).replacing(
            /<resumptionToken[^>]*>[^<]*<\/resumptionToken>/,
            with: token.map { "<resumptionToken>\($0)</resumptionToken>" } ?? "<resumptionToken/>")
    }

    /// An OAI-PMH repository answering the first request with `first` and a token's request with `pages[token]`.
    static func repository(first: String, pages: [String: String]) throws -> LoopbackServer {
        try LoopbackServer { request in
            let query = URLComponents(string: request.target)?.queryItems ?? []
            let token = query.first { $0.name == "resumptionToken" }?.value
            let body = token.map { pages[$0] ?? "" } ?? first
            return .respond(status: 200, body: Data(body.utf8))
        }
    }

    static func stats(_ runner: BinaryRunner, _ db: String) async throws -> Int? {
        let result = try await runner.runOffPool(["library", "stats", "--format", "json", "--db", db])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return json?["papers"] as? Int
    }

    /// The shortest time between two requests the server received, in seconds.
    static func shortestGap(_ server: LoopbackServer) -> Double? {
        let times = server.requests.map(\.receivedAt).sorted()
        return zip(times, times.dropFirst()).map { $1.timeIntervalSince($0) }.min()
    }

    @Test("a resumption token sent again (A, A or A, B, A) ends the harvest with exit 76; the pages stay stored")
    func resumptionLoop() async throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("p.sqlite").path
        let same = try Self.repository(first: Self.page(1, token: "SAME"), pages: ["SAME": Self.page(2, token: "SAME")])
        let result = try await papers.runOffPool(
            ["harvest", "--oai-url", same.baseURL.absoluteString, "--db", db], timeout: 90)
        #expect(result.status == ErrorKind.remote.exitCode, "\(result.stderr)")
        #expect(
            result.stderr.contains("sent resumption token 'SAME' again after 2 pages, so its list goes round"),
            "\(result.stderr)")
        #expect(same.requests.count == 2)
        #expect(try await Self.stats(papers, db) == 4)

        let cycling = try Self.repository(
            first: Self.page(1, token: "A"), pages: ["A": Self.page(2, token: "B"), "B": Self.page(1, token: "A")])
        let other = directory.path("q.sqlite").path
        let cycled = try await papers.runOffPool(
            ["harvest", "--oai-url", cycling.baseURL.absoluteString, "--db", other], timeout: 90)
        #expect(cycled.status == ErrorKind.remote.exitCode, "\(cycled.stderr)")
        #expect(cycled.stderr.contains("token 'A' again after 3 pages"), "\(cycled.stderr)")
        #expect(cycling.requests.count == 3)
        #expect(try await Self.stats(papers, other) == 4)
    }

    @Test("a record without an id is skipped and named; the page's other records and the rest of the list are stored")
    func badRecord() async throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("p.sqlite").path
        let damaged = Self.page(1, token: "NEXT").replacing("<id>0704.0046</id>", with: "")
        let server = try Self.repository(first: damaged, pages: ["NEXT": Self.page(3, token: nil)])
        let url = server.baseURL.absoluteString
        let result = try await papers.runOffPool(["harvest", "--oai-url", url, "--db", db], timeout: 90)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "papers: warning: skipped page 1, record 2 (line 40, 'oai:arXiv.org:0704.0046'): it has no arXiv id;"),
            "\(result.stderr)")
        #expect(result.stdout.contains("1 record skipped as unreadable"), "\(result.stdout)")
        #expect(try await Self.stats(papers, db) == 2)
        // The next run is not held at that page either.
        let again = try await papers.runOffPool(["harvest", "--oai-url", url, "--db", db], timeout: 90)
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test(
        "Retry-After: 1e19 or inf on a 503 is the 'asks to wait' answer, exit 76, never a crash",
        arguments: Command.allCases)
    func hugeRetryAfter(_ command: Command) async throws {
        let directory = try TemporaryDirectory()
        for value in ["1e19", "inf"] {
            let server = try LoopbackServer(replies: [.respond(status: 503, headers: ["Retry-After": value])])
            let url = server.baseURL.appendingPathComponent("x").absoluteString
            let result = try await papers.runOffPool(
                command.arguments(url, db: directory.path("p.sqlite").path), timeout: 60)
            #expect(result.status == ErrorKind.remote.exitCode, "\(value): \(result.stderr)")
            #expect(result.stderr.contains("asks to wait more than a day; try again later"), "\(result.stderr)")
        }
    }

    @Test("a redirect loop ends at once with its own line, each hop 3 s after the last", arguments: Command.allCases)
    func redirectLoop(_ command: Command) async throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer { request in
            .respond(status: 302, headers: ["Location": request.target.hasPrefix("/a") ? "/b" : "/a"])
        }
        let url = server.baseURL.appendingPathComponent("a").absoluteString
        let result = try await papers.runOffPool(
            command.arguments(url, db: directory.path("p.sqlite").path), timeout: 90)
        #expect(result.status == ErrorKind.remote.exitCode, "\(result.stderr)")
        #expect(result.stderr.contains("redirects in a loop (back to http://127.0.0.1:"), "\(result.stderr)")
        #expect(server.requests.count == 3)
        #expect((Self.shortestGap(server) ?? 0) >= 2.5, "\(server.requests.map(\.receivedAt))")
    }

    @Test("a chain of redirects ends after 5 hops")
    func redirectChain() async throws {
        let directory = try TemporaryDirectory()
        let hops = Mutex(0)
        let server = try LoopbackServer { _ in
            let hop = hops.withLock { count in
                count += 1
                return count
            }
            return .respond(status: 302, headers: ["Location": "/r\(hop)"])
        }
        let url = server.baseURL.appendingPathComponent("a").absoluteString
        let result = try await papers.runOffPool(
            Command.search.arguments(url, db: directory.path("p.sqlite").path), timeout: 90)
        #expect(result.status == ErrorKind.remote.exitCode, "\(result.stderr)")
        #expect(result.stderr.contains("redirects more than 5 times; check the address"), "\(result.stderr)")
        #expect(server.requests.count == 6)
    }

    @Test(
        "a body trickled a byte at a time is cut off at the attempt's deadline, retried, then exit 69",
        arguments: Command.allCases)
    func trickle(_ command: Command) async throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer(replies: [.stream(chunk: Data("<".utf8), chunks: 1_000_000, interval: 0.3)])
        let url = server.baseURL.appendingPathComponent("x").absoluteString
        let result = try await papers.runOffPool(
            command.arguments(url, db: directory.path("p.sqlite").path),
            environment: ["STRATA_PAPERS_TOTAL_TIMEOUT": "2", "STRATA_PAPERS_IDLE_TIMEOUT": "20"], timeout: 150)
        #expect(result.status == ErrorKind.network.exitCode, "\(result.stderr)")
        #expect(
            result.stderr.contains("/x")
                && result.stderr.contains("the answer was still arriving after 2 s, 4 attempts"),
            "\(result.stderr)")
        #expect(server.requests.count == 4)
    }

    @Test(
        "a body past the 64 MB limit ends the answer there with its own line, and a 1.3 GB flood is never read through")
    func floodStopsAtTheLimit() async throws {
        let directory = try TemporaryDirectory()
        let chunk = Data(repeating: UInt8(ascii: "a"), count: 64 << 10)
        // 1.3 GB offered, without a length. libcurl reads on until the process exits, which a
        // loaded machine delays by a second or two at loopback speed; the flood's whole is far past that.
        let server = try LoopbackServer(replies: [.stream(chunk: chunk, chunks: 20_000)])
        let url = server.baseURL.appendingPathComponent("x").absoluteString
        let result = try await papers.runOffPool(
            Command.search.arguments(url, db: directory.path("p.sqlite").path), timeout: 120)
        #expect(result.status == ErrorKind.remote.exitCode, "\(result.stderr)")
        #expect(result.stderr.contains("the response is larger than 67108864 bytes"), "\(result.stderr)")
        #expect(server.bytesStreamed < 640 << 20, "\(server.bytesStreamed) bytes taken")
    }

    @Test("a server that accepts and never answers: each retry is announced on a terminal; help gives the worst case")
    func silentServer() async throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer(replies: [.hang])
        defer { server.stop() }
        let terminal = try PseudoTerminal(
            product: "papers",
            arguments: [
                "harvest", "--oai-url", server.baseURL.absoluteString, "--db", directory.path("p.sqlite").path,
            ],
            environment: ["STRATA_PAPERS_IDLE_TIMEOUT": "1"])
        let (status, text) = terminal.finish(timeout: 120)
        #expect(status == ErrorKind.network.exitCode, "\(text)")
        for line in [
            "did not answer in time; retrying in 3 s (2 of 4)", "retrying in 6 s (3 of 4)", "retrying in 12 s (4 of 4)",
            "timed out after 4 attempts",
        ] {
            #expect(text.contains(line), "\(line): \(text)")
        }
        let help = try await papers.runOffPool(["help", "harvest"]).stdout.split(whereSeparator: \.isWhitespace).joined(
            separator: " ")
        #expect(help.contains("gives up after about 4½ minutes"), "\(help)")
        #expect(help.contains("about 12 minutes"), "\(help)")
    }

    @Test("waiting on a server that accepts and never answers costs next to no processor time")
    func silentWaitIsIdle() async throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer(replies: [.hang])
        defer { server.stop() }
        // Four attempts of 5 s on an open, silent connection and 3 + 6 + 12 s between them: most of
        // the run is spent on a socket that never becomes readable, where a busy loop would show.
        let run = try await ProcessCPU.run(
            product: "papers",
            Command.search.arguments(server.baseURL.absoluteString, db: directory.path("p.sqlite").path),
            environment: ["STRATA_PAPERS_IDLE_TIMEOUT": "5"], folder: directory)
        #expect(run.status == ErrorKind.network.exitCode, "\(run.stderr)")
        #expect(run.stderr.contains("timed out after 4 attempts"), "\(run.stderr)")
        #expect(server.requests.count == 4)
        #expect(
            run.processorSeconds < 0.1 * run.elapsedSeconds,
            "\(run.processorSeconds) s of processor time in \(run.elapsedSeconds) s of waiting")
    }

    @Test("Retry-After: 0 or a past date does not shorten the 3 s between requests")
    func retryAfterZero() async throws {
        let directory = try TemporaryDirectory()
        for value in ["0", "Thu, 01 Jan 1970 00:00:00 GMT"] {
            let server = try LoopbackServer(replies: [.respond(status: 503, headers: ["Retry-After": value])])
            let url = server.baseURL.appendingPathComponent("x").absoluteString
            let result = try await papers.runOffPool(
                Command.search.arguments(url, db: directory.path("\(value.count).sqlite").path))
            #expect(result.status == ErrorKind.remote.exitCode, "\(result.stderr)")
            #expect(server.requests.count == 4)
            #expect((Self.shortestGap(server) ?? 0) >= 2.5, "\(value): \(server.requests.map(\.receivedAt))")
        }
    }

    @Test("two harvests at once on one library take turns: no two requests within 3 s")
    func twoHarvestsAtOnce() async throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("p.sqlite").path
        // The library exists before both start, so neither creates it under the other.
        let created = try await papers.runOffPool(
            ["import", FixtureFiles.url("arxiv-oai", "20-GetRecord-0806.4129-arXivRaw.xml").path, "--db", db])
        #expect(created.status == 0, "\(created.stderr)")
        let server = try LoopbackServer(replies: [.respond(status: 503, headers: ["Retry-After": "0"])])
        let url = server.baseURL.appendingPathComponent("x").absoluteString
        let runner = papers
        async let first = Task.detached { try runner.run(["harvest", "--oai-url", url, "--db", db], timeout: 120) }
            .value
        async let second = Task.detached { try runner.run(["harvest", "--oai-url", url, "--db", db], timeout: 120) }
            .value
        let results = try await [first, second]
        #expect(results.allSatisfy { $0.status == ErrorKind.remote.exitCode }, "\(results.map(\.stderr))")
        #expect(server.requests.count == 8)
        #expect((Self.shortestGap(server) ?? 0) >= 2.5, "\(server.requests.map(\.receivedAt))")
    }
}
