import Core
import Foundation
import Synchronization
import TestSupport
import Testing

/// `papers harvest` against a loopback OAI-PMH repository serving arXiv's recorded pages of set
/// `math` (two records a page, three pages). Requests keep arXiv's 3 s apart here too.
@Suite("papers harvest")
struct HarvestCommandTests {
    let papers = BinaryRunner(product: "papers")

    static func fixture(_ name: String) -> Data {
        (try? FixtureFiles.data("arxiv-oai", name)) ?? Data()
    }

    /// The token each recorded page ends with, and the page that follows it.
    static let pages: (first: Data, next: [String: Data]) = {
        let page = { (number: Int) in fixture("paged2-11-ListRecords-arXivRaw-set-math-p0\(number).xml") }
        func token(_ data: Data) -> String {
            let text = String(decoding: data, as: UTF8.self)
            guard let element = text.range(of: "<resumptionToken "), let end = text.range(of: "</resumptionToken>"),
                let start = text[element.upperBound...].firstIndex(of: ">"), start < end.lowerBound
            else { return "" }
            return String(text[text.index(after: start)..<end.lowerBound])
        }
        return (page(1), [token(page(1)): page(2), token(page(2)): page(3)])
    }()

    /// A repository answering as arXiv's does; `hold` may hold a request (answer it later, or never).
    static func repository(hold: @escaping @Sendable (String?) -> LoopbackServer.Reply? = { _ in nil }) throws
        -> LoopbackServer
    {
        try LoopbackServer { request in
            let query = URLComponents(string: request.target)?.queryItems ?? []
            let value = { (name: String) in query.first { $0.name == name }?.value }
            if value("verb") == "ListSets" { return .respond(status: 200, body: fixture("02-ListSets.xml")) }
            let token = value("resumptionToken")
            if let reply = hold(token) { return reply }
            guard let token else { return .respond(status: 200, body: pages.first) }
            return .respond(
                status: 200, body: pages.next[token] ?? fixture("42-badResumptionToken-garbage.xml"))
        }
    }

    static func stats(_ runner: BinaryRunner, _ db: String) async throws -> [String: Any] {
        let result = try await runner.runOffPool(["library", "stats", "--format", "json", "--db", db])
        return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
    }

    @Test("a harvest of several pages stores every record and says what it did; the next run is incremental")
    func pages() async throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("p.sqlite").path
        let server = try Self.repository()
        let url = server.baseURL.appendingPathComponent("oai").absoluteString
        let result = try await papers.runOffPool(["harvest", "--set", "math", "--oai-url", url, "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "harvested set math (arXivRaw): 5 records in 3 pages, 5 added, 0 updated, 0 unchanged; the next harvest starts from 2026-11-24"
            ), "\(result.stdout)")
        let targets = server.requests.map(\.target)
        #expect(targets.first == "/oai?verb=ListSets")
        #expect(targets.dropFirst().first == "/oai?verb=ListRecords&metadataPrefix=arXivRaw&set=math")
        #expect(targets.dropFirst(2).allSatisfy { $0.hasPrefix("/oai?verb=ListRecords&resumptionToken=verb%253D") })
        #expect(try await Self.stats(papers, db)["papers"] as? Int == 5)
        // Next run: from the last response's day, the sets from the library's copy; the same records change nothing.
        let before = server.requests.count
        let again = try await papers.runOffPool([
            "harvest", "--set", "math", "--oai-url", url, "--db", db, "--format", "json",
        ])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            server.requests.dropFirst(before).first?.target
                == "/oai?verb=ListRecords&metadataPrefix=arXivRaw&set=math&from=2026-11-24")
        let json = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any]
        #expect(json?["from"] as? String == "2026-11-24" && json?["unchanged"] as? Int == 5, "\(again.stdout)")
        #expect(server.requests.filter { $0.target.contains("ListSets") }.count == 1)
    }

    @Test("a saved OAI-PMH response imports; show lists its versions and licence, bibtex its journal DOI")
    func importAndShow() async throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("p.sqlite").path
        let file = FixtureFiles.url("arxiv-oai", "20-GetRecord-0806.4129-arXivRaw.xml").path
        let imported = try await papers.runOffPool(["import", file, "--db", db])
        #expect(imported.status == 0 && imported.stdout.contains("imported 1 paper from 1 file"), "\(imported.stderr)")
        let shown = try await papers.runOffPool(["show", "0806.4129", "--offline", "--db", db, "--format", "plain"])
        #expect(shown.status == 0, "\(shown.stderr)")
        for line in [
            "versions:", "v1  2008-06-25  13kb", "v6  2014-12-12  17kb", "license:   http://arxiv.org/licenses/",
        ] {
            #expect(shown.stdout.contains(line), "\(line): \(shown.stdout)")
        }
        let bibtex = try await papers.runOffPool(["bibtex", "0806.4129", "--offline", "--db", db])
        #expect(bibtex.stdout.contains("doi = {10.1063/1.3536454}") && bibtex.stdout.contains("eprint = {0806.4129}"))
    }

    @Test("on a terminal a progress line shows pages, records, records/s and the latest datestamp")
    func progressLine() async throws {
        let directory = try TemporaryDirectory()
        let server = try Self.repository()
        let terminal = try PseudoTerminal(
            product: "papers",
            arguments: [
                "harvest", "--set", "math", "--oai-url", server.baseURL.appendingPathComponent("oai").absoluteString,
                "--db", directory.path("p.sqlite").path,
            ])
        let (status, text) = terminal.finish(timeout: 60)
        #expect(status == 0, "\(text)")
        #expect(text.contains("harvesting 1 page · 2 records · "), "\(text)")
        #expect(text.contains(" records/s · at 2009-11-13"), "\(text)")
        #expect(!text.contains(" 0 records/s"), "\(text)")
        #expect(text.contains("harvesting 3 pages · 5 records"), "\(text)")
    }

    @Test("killed with SIGKILL mid-harvest, the next run goes on from the saved token and ends with every record once")
    func killed() async throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("p.sqlite").path
        let lastToken = Self.pages.next.first {
            $0.value == Self.fixture("paged2-11-ListRecords-arXivRaw-set-math-p03.xml")
        }?.key
        let holding = Mutex(true)
        let server = try Self.repository { token in
            token == lastToken && holding.withLock({ $0 }) ? .hang : nil
        }
        let url = server.baseURL.appendingPathComponent("oai").absoluteString
        let process = Process()
        ChildProcess.configure(
            process, executable: papers.executable,
            arguments: ["harvest", "--set", "math", "--oai-url", url, "--db", db])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        // The held page never answers; the harvest must still be waiting for it when it is killed,
        // however long a loaded machine takes to see page 3 asked for, so it never gives up on its own.
        var environment = ProcessInfo.processInfo.environment
        environment["STRATA_PAPERS_IDLE_TIMEOUT"] = "86400"
        environment["STRATA_PAPERS_TOTAL_TIMEOUT"] = "86400"
        process.environment = environment
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // Page 3 is asked for only after pages 1 and 2 are stored.
        try await Waiting.until("the harvest to ask for page 3") {
            server.requests.contains { $0.target.contains("skip%253D0") && $0.target.contains("2015-05-12") }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try await Self.stats(papers, db)["papers"] as? Int == 4)
        holding.withLock { $0 = false }
        let requestsBefore = server.requests.count
        let rerun = try await papers.runOffPool(["harvest", "--set", "math", "--oai-url", url, "--db", db])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(
            rerun.stdout.contains("(went on from the last run's token): 1 record in 1 page, 1 added"), "\(rerun.stdout)"
        )
        let rerunTargets = server.requests.dropFirst(requestsBefore).map(\.target)
        #expect(rerunTargets.count == 1 && rerunTargets.first?.contains("resumptionToken=") == true)
        #expect(try await Self.stats(papers, db)["papers"] as? Int == 5)
    }

    @Test("503 with Retry-After is waited out; an unknown set, a bad date and a refusal each have their answer")
    func refusals() async throws {
        let directory = try TemporaryDirectory()
        let db = directory.path("p.sqlite").path
        let busy = Mutex(1)
        let server = try Self.repository { token in
            guard token == nil,
                busy.withLock({
                    $0 -= 1
                    return $0 >= 0
                })
            else { return nil }
            return .respond(status: 503, headers: ["Retry-After": "1"])
        }
        let url = server.baseURL.appendingPathComponent("oai").absoluteString
        let result = try await papers.runOffPool(["harvest", "--set", "math", "--oai-url", url, "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.filter { $0.target.hasSuffix("set=math") }.count == 2)

        let unknown = try await papers.runOffPool(["harvest", "--set", "hep-th", "--oai-url", url, "--db", db])
        #expect(unknown.status == ErrorKind.usage.exitCode, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("has no set 'hep-th'; did you mean physics:hep-th?"), "\(unknown.stderr)")

        let date = try await papers.runOffPool(["harvest", "--from", "2025-02-30", "--oai-url", url, "--db", db])
        #expect(date.status == ErrorKind.usage.exitCode && date.stderr.contains("is not a date"), "\(date.stderr)")

        let refusing = try LoopbackServer { _ in
            .respond(status: 200, body: Self.fixture("46-badDate-from-before-earliestDatestamp.xml"))
        }
        let refused = try await papers.runOffPool([
            "harvest", "--from", "1990-01-01", "--oai-url", refusing.baseURL.absoluteString, "--db", db,
        ])
        #expect(refused.status == ErrorKind.usage.exitCode, "\(refused.stderr)")
        #expect(refused.stderr.contains("refused the request"), "\(refused.stderr)")
        #expect(try await Self.stats(papers, db)["papers"] as? Int == 5)
    }
}
