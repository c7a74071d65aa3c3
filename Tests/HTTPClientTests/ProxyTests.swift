import Core
import Foundation
import HTTPClient
import TestSupport
import Testing

/// The live transport goes through the proxy the environment names, as curl does.
@Suite("HTTPClient through a proxy")
struct ProxyTests {
    func client(_ environment: [String: String]) -> HTTPClient {
        HTTPClient(
            configuration: .init(
                userAgent: "strata-tests/1.0", limits: HTTPLimits(idleTimeout: 5, totalTimeout: 10), maxAttempts: 1),
            transport: .live(environment: environment), clock: ManualClock().clock)
    }

    @Test("http_proxy (or HTTP_PROXY): a request for an http URL goes to the proxy, through a CONNECT tunnel")
    func throughProxy() async throws {
        for name in ["http_proxy", "HTTP_PROXY"] {
            let proxy = try LoopbackServer(replies: [.respond(status: 200, body: Data("via the proxy".utf8))])
            let response = try await client([name: proxy.baseURL.absoluteString]).get(
                URL(string: "http://papers.example/api?q=1")!)
            #expect(String(decoding: response.body, as: UTF8.self) == "via the proxy")
            // The proxy is asked for a tunnel to the host, then the request goes through it.
            #expect(
                proxy.requests.map { "\($0.method) \($0.target)" } == ["CONNECT papers.example:80", "GET /api?q=1"])
        }
    }

    @Test("no_proxy names hosts and domains reached directly; a proxy for https only leaves http alone")
    func bypassed() async throws {
        let proxy = try LoopbackServer(replies: [.respond(status: 200)])
        let server = try LoopbackServer(replies: [.respond(status: 200), .respond(status: 200)])
        let host = try #require(server.baseURL.host)
        for environment in [
            ["http_proxy": proxy.baseURL.absoluteString, "no_proxy": "example.org, \(host)"],
            ["https_proxy": proxy.baseURL.absoluteString],
        ] {
            let response = try await client(environment).get(server.baseURL.appendingPathComponent("direct"))
            #expect(response.status == 200)
        }
        #expect(proxy.requests.isEmpty)
        #expect(server.requests.map(\.target) == ["/direct", "/direct"])
    }
}
