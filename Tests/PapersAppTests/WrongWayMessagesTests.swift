import Core
import Foundation
import TestSupport
import Testing

/// Messages that name the option or the command the person actually used: an HTML page or an
/// Atom feed where another kind was expected, a category with a space, a damaged `.gz`.
@Suite("papers messages point the right way")
struct WrongWayMessagesTests {
    let papers = BinaryRunner(product: "papers")

    static let html = Data("<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>".utf8)

    @Test(
        "an HTML page from each network command names that command's option, never another's",
        arguments: HostileServerTests.Command.allCases)
    func htmlPage(_ command: HostileServerTests.Command) throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer(replies: [.respond(status: 200, body: Self.html)])
        let url = server.baseURL.appendingPathComponent("x").absoluteString
        let result = try papers.run(command.arguments(url, db: directory.path("p.sqlite").path), timeout: 60)
        let option = ["harvest": "--oai-url", "search": "--api-url", "new": "--rss-url"][command.rawValue] ?? ""
        #expect(result.status == ErrorKind.badData.exitCode, "\(result.stderr)")
        #expect(result.stderr.contains("it is an HTML page, likely an error page"), "\(result.stderr)")
        #expect(result.stderr.contains("check the address, or \(option)"), "\(result.stderr)")
        for other in ["--oai-url", "--api-url", "--rss-url"] where other != option {
            #expect(!result.stderr.contains(other), "\(result.stderr)")
        }
    }

    @Test("a real Atom answer to harvest says it is an Atom feed and how to keep it, not 'not an Atom feed'")
    func atomToHarvest() throws {
        let directory = try TemporaryDirectory()
        let atom = try FixtureFiles.data("arxiv", "search-all-testing-100-entries.xml")
        let server = try LoopbackServer(replies: [.respond(status: 200, body: atom)])
        let url = server.baseURL.appendingPathComponent("oai").absoluteString
        let result = try papers.run(
            ["harvest", "--oai-url", url, "--db", directory.path("p.sqlite").path], timeout: 60)
        #expect(result.status == ErrorKind.badData.exitCode, "\(result.stderr)")
        #expect(result.stderr.contains("is not an OAI-PMH response: it is an Atom feed"), "\(result.stderr)")
        #expect(result.stderr.contains("--oai-url") && result.stderr.contains("`papers import`"), "\(result.stderr)")
        #expect(!result.stderr.contains("not an Atom feed"), "\(result.stderr)")
    }

    @Test("an HTML file to import says what it is and where to look, with no network option")
    func htmlFile() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("saved.xml")
        try Self.html.write(to: file)
        let result = try papers.run(["import", file.path, "--db", directory.path("p.sqlite").path])
        #expect(result.status == ErrorKind.badData.exitCode, "\(result.stderr)")
        #expect(result.stderr.contains("it is an HTML page, likely an error page"), "\(result.stderr)")
        #expect(result.stderr.contains("`papers help import`"), "\(result.stderr)")
        #expect(!result.stderr.contains("-url"), "\(result.stderr)")
    }

    @Test("a category with a space is not an option that does not exist: the arguments and the likely category")
    func categoryWithSpace() throws {
        let directory = try TemporaryDirectory()
        let result = try papers.run(["new", "cs LG", "--db", directory.path("p.sqlite").path])
        #expect(result.status == ErrorKind.usage.exitCode, "\(result.stderr)")
        #expect(result.stderr.contains("did you mean cs.LG?"), "\(result.stderr)")
        #expect(result.stderr.contains("`papers new cs.LG math.AG hep-th`"), "\(result.stderr)")
        #expect(!result.stderr.contains("--category"), "\(result.stderr)")
    }

    @Test("a one-byte .gz is a damaged gzip file, not 'check --api-url'")
    func oneByteGzip() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("feed.xml.gz")
        try Data([0x1F]).write(to: file)
        let result = try papers.run(["import", file.path, "--db", directory.path("p.sqlite").path])
        #expect(result.status == ErrorKind.badData.exitCode, "\(result.stderr)")
        #expect(result.stderr.contains("is gzip-compressed but damaged or cut short"), "\(result.stderr)")
        #expect(!result.stderr.contains("-url"), "\(result.stderr)")
    }

    @Test("a gzip file with trailing zero padding imports, as gzip -t accepts it; bytes after the zeros do not")
    func zeroPadding() throws {
        let directory = try TemporaryDirectory()
        let feed = FixtureFiles.url("arxiv", "search-all-testing-100-entries.xml")
        let compressed = try Self.gzip(feed, into: directory)
        let padded = directory.path("padded.xml.gz")
        try (compressed + Data(repeating: 0, count: 10_000)).write(to: padded)
        #expect(try Self.gzipTool(["-t", padded.path]) == 0)
        let db = ["--db", directory.path("p.sqlite").path]
        let result = try papers.run(["import", padded.path] + db)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("imported 100 papers from 1 file"), "\(result.stdout)")
        let garbage = directory.path("garbage.xml.gz")
        try (compressed + Data(repeating: 0, count: 100) + Data("junk".utf8)).write(to: garbage)
        let refused = try papers.run(["import", garbage.path] + db)
        #expect(refused.status == ErrorKind.badData.exitCode, "\(refused.stderr)")
        #expect(refused.stderr.contains("damaged or cut short"), "\(refused.stderr)")
    }

    /// `file` compressed by gzip itself, read back.
    static func gzip(_ file: URL, into directory: TemporaryDirectory) throws -> Data {
        let copy = directory.path("feed.xml")
        try FileManager.default.copyItem(at: file, to: copy)
        #expect(try gzipTool(["-k", copy.path]) == 0)
        return try Data(contentsOf: directory.path("feed.xml.gz"))
    }

    /// Debian's gzip with `arguments`; its exit status.
    static func gzipTool(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
