import Foundation
import TestSupport
import Testing

/// `papers serve` against a rebinding page.
@Suite("papers serve's web guard")
struct WebGuardTests {
    @Test("DNS rebinding: a request for another name is 421, the library is not read and no favourite changes")
    func rebinding() async throws {
        let directory = try TemporaryDirectory()
        let server = try ServedApp(
            product: "papers",
            arguments: ["--db", directory.path("papers.sqlite").path, "--allowed-host", ".papers.test"])
        defer { server.stop() }
        let port = RawExchange.port(of: server.url)
        let rebound = try RawExchange.asRebindingPage(
            port: port, get: "/?q=x", post: "/paper/favourite", form: "id=2401.00001")
        #expect(rebound.get.status == 421 && rebound.post.status == 421)
        #expect(rebound.get.headers["x-content-type-options"] == "nosniff")
        for host in ["127.0.0.1:\(port)", "[::1]:\(port)", "papers.test", "lab.papers.test:8443"] {
            #expect(try RawExchange.send(port: port, "GET", "/", headers: [("Host", host)]).status == 200, "\(host)")
        }
        let refused = try BinaryRunner(product: "papers").run(["serve", "--port", "0", "--allowed-host", "bad host"])
        #expect(refused.status == 64 && refused.stderr.contains("--allowed-host"))
    }
}
