import Foundation
import TestSupport
import Testing

/// A search that has to wait for arXiv says so on a terminal, and stays quiet in a pipe.
@Suite("papers says what it waits for")
struct RetryNoticeTests {
    /// An API that is busy twice (503, retry after 1 s), then answers.
    static func busyServer() throws -> LoopbackServer {
        let feed = try FixtureFiles.data("arxiv", "search-all-testing-100-entries.xml")
        let busy = LoopbackServer.Reply.respond(status: 503, headers: ["Retry-After": "1"])
        return try LoopbackServer(replies: [busy, busy, .respond(status: 200, body: feed)])
    }

    @Test("on a terminal each wait is one line: what happened, how long, which attempt")
    func terminal() throws {
        let directory = try TemporaryDirectory()
        let server = try Self.busyServer()
        // On a pseudo-terminal standard error is a terminal, as in a terminal window.
        let terminal = try PseudoTerminal(
            product: "papers",
            arguments: [
                "search", "testing", "--limit", "5", "--format", "plain",
                "--api-url", server.baseURL.appendingPathComponent("api/query").absoluteString,
                "--db", directory.path("p.sqlite").path,
            ])
        let (status, text) = terminal.finish(timeout: 30)
        #expect(status == 0, "\(text)")
        #expect(text.contains("papers: arXiv answered HTTP 503; retrying in 1 s (2 of 4)"), "\(text)")
        #expect(text.contains("papers: arXiv answered HTTP 503; retrying in 1 s (3 of 4)"), "\(text)")
    }

    @Test("in a pipe nothing is said, and the result is the same")
    func pipe() throws {
        let directory = try TemporaryDirectory()
        let server = try Self.busyServer()
        let result = try BinaryRunner(product: "papers").run([
            "search", "testing", "--limit", "5", "--format", "plain",
            "--api-url", server.baseURL.appendingPathComponent("api/query").absoluteString,
            "--db", directory.path("p.sqlite").path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 5)
    }
}
