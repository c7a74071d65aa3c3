import Core
import Foundation
import HTTPClient
import Synchronization
import TestSupport
import Testing

/// The client against a real loopback server that answers badly on purpose.
@Suite("HTTPClient against hostile answers")
struct HostileAnswerTests {
    func client(_ clock: ManualClock, totalTimeout: Double = 5, maxBytes: Int = 1 << 20, idleTimeout: Double = 5)
        -> HTTPClient
    {
        HTTPClient(
            configuration: .init(
                userAgent: "strata-tests/1.0",
                limits: HTTPLimits(idleTimeout: idleTimeout, totalTimeout: totalTimeout, maxResponseBytes: maxBytes),
                maxAttempts: 2, baseDelay: 1, maxDelay: 8),
            clock: clock.clock)
    }

    @Test("a Retry-After no integer holds is refused as too long, never a crash", arguments: ["1e19", "inf"])
    func hugeRetryAfter(_ value: String) async throws {
        let server = try LoopbackServer(replies: [.respond(status: 503, headers: ["Retry-After": value])])
        let error = await #expect(throws: TransferError.self) { try await client(ManualClock()).get(server.baseURL) }
        #expect(error?.failure == .retryAfterTooLong(status: 503, seconds: Int(Int32.max)))
    }

    @Test("a redirect loop ends at the first address seen again; every hop is paced")
    func redirectLoop() async throws {
        let server = try LoopbackServer { request in
            .respond(status: 302, headers: ["Location": request.target.hasPrefix("/a") ? "/b" : "/a"])
        }
        let paced = Mutex(0)
        let error = await #expect(throws: TransferError.self) {
            try await client(ManualClock()).get(server.baseURL.appendingPathComponent("a")) {
                paced.withLock { $0 += 1 }
            }
        }
        #expect(error?.failure == .redirectLoop(location: server.baseURL.appendingPathComponent("a").absoluteString))
        #expect(error?.kind == .remote)
        #expect(server.requests.map(\.target) == ["/a", "/b"])
        #expect(paced.withLock { $0 } == 2)
    }

    @Test("a redirect is followed by the client, relative locations included")
    func redirectFollowed() async throws {
        let server = try LoopbackServer { request in
            request.target == "/old"
                ? .respond(status: 301, headers: ["Location": "new"])
                : .respond(status: 200, body: Data(request.target.utf8))
        }
        let response = try await client(ManualClock()).get(server.baseURL.appendingPathComponent("old"))
        #expect(String(decoding: response.body, as: UTF8.self) == "/new")
    }

    @Test("a body trickled in is cut off at the attempt's total time")
    func trickle() async throws {
        let server = try LoopbackServer(replies: [.stream(chunk: Data("x".utf8), chunks: 1_000, interval: 0.2)])
        let error = await #expect(throws: TransferError.self) {
            // An idle timeout far past the total: a loaded test run that stalls a few seconds
            // must not turn the total's cut into an idle one.
            try await client(ManualClock(), totalTimeout: 1, idleTimeout: 60).get(server.baseURL)
        }
        #expect(error?.failure == .tooSlow(seconds: 1))
        #expect(error?.kind == .network)
        #expect(server.requests.count == 2)
    }
}
