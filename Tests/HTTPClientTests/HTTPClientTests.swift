import Core
import Foundation
import HTTPClient
import Synchronization
import TestSupport
import Testing

@Suite("HTTPClient against a loopback server")
struct HTTPClientTests {
    /// A client that never really sleeps between attempts and gives up quickly.
    func client(_ clock: ManualClock, attempts: Int = 3, idleTimeout: Double = 1, maxBytes: Int = 1 << 20) -> HTTPClient
    {
        HTTPClient(
            configuration: .init(
                userAgent: "strata-tests/1.0",
                limits: HTTPLimits(idleTimeout: idleTimeout, totalTimeout: 5, maxResponseBytes: maxBytes),
                maxAttempts: attempts, baseDelay: 1, maxDelay: 8),
            clock: clock.clock)
    }

    @Test("sends the User-Agent and returns the body")
    func plainGet() async throws {
        let server = try LoopbackServer(replies: [.respond(status: 200, body: Data("hello".utf8))])
        let response = try await client(ManualClock()).get(server.baseURL.appendingPathComponent("x"))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "hello")
        #expect(server.requests.first?.headers["user-agent"] == "strata-tests/1.0")
        #expect(server.requests.first?.target == "/x")
    }

    @Test("retries 503 with exponential backoff, then succeeds")
    func retries503() async throws {
        let server = try LoopbackServer(replies: [.respond(status: 503), .respond(status: 503), .respond(status: 200)])
        let clock = ManualClock()
        let response = try await client(clock).get(server.baseURL)
        #expect(response.status == 200)
        #expect(server.requests.count == 3)
        #expect(clock.sleeps == [1, 2])
    }

    @Test("each wait is reported before it starts, with the failure, the attempt and the delay")
    func reportsRetries() async throws {
        let server = try LoopbackServer(replies: [.respond(status: 503), .respond(status: 503), .respond(status: 200)])
        let seen = Mutex<[TransferRetry]>([])
        let client = HTTPClient(
            configuration: .init(userAgent: "t", maxAttempts: 4, baseDelay: 1, maxDelay: 8),
            clock: ManualClock().clock, onRetry: { retry in seen.withLock { $0.append(retry) } })
        _ = try await client.get(server.baseURL)
        let request = "GET \(server.baseURL.absoluteString)"
        #expect(
            seen.withLock { $0 } == [
                TransferRetry(request: request, failure: .status(503), nextAttempt: 2, maxAttempts: 4, delay: 1),
                TransferRetry(request: request, failure: .status(503), nextAttempt: 3, maxAttempts: 4, delay: 2),
            ])
    }

    @Test("honours Retry-After on 429, in seconds and as an HTTP date")
    func retryAfter() async throws {
        let server = try LoopbackServer(replies: [
            .respond(status: 429, headers: ["Retry-After": "7"]),
            .respond(status: 429, headers: ["Retry-After": "Tue, 14 Nov 2023 22:13:40 GMT"]),
            .respond(status: 200),
        ])
        // 1_700_000_000 is Tue, 14 Nov 2023 22:13:20 GMT; +7 s of sleep puts the clock 13 s before the date.
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_700_000_000))
        _ = try await client(clock).get(server.baseURL)
        #expect(clock.sleeps == [7, 13])
    }

    @Test("gives up after its limit with one clear line")
    func givesUp() async throws {
        let server = try LoopbackServer(replies: [.respond(status: 503)])
        let error = await #expect(throws: TransferError.self) { try await client(ManualClock()).get(server.baseURL) }
        #expect(server.requests.count == 3)
        #expect(error?.kind == .remote)
        #expect(error?.failure == .status(503))
        #expect(error?.attempts == 3)
    }

    @Test("a Retry-After longer than the client's patience fails at once")
    func retryAfterTooLong() async throws {
        let server = try LoopbackServer(replies: [.respond(status: 429, headers: ["Retry-After": "3600"])])
        let error = await #expect(throws: TransferError.self) { try await client(ManualClock()).get(server.baseURL) }
        #expect(server.requests.count == 1)
        #expect(error?.failure == .retryAfterTooLong(status: 429, seconds: 3600))
    }

    @Test("a client error is returned, not retried")
    func noRetryOn400() async throws {
        let server = try LoopbackServer(replies: [.respond(status: 400, body: Data("bad".utf8))])
        let response = try await client(ManualClock()).get(server.baseURL)
        #expect(response.status == 400)
        #expect(server.requests.count == 1)
    }

    @Test("a hung server hits the timeout and the error says so")
    func hungServer() async throws {
        let server = try LoopbackServer(replies: [.hang])
        defer { server.stop() }
        let error = await #expect(throws: TransferError.self) {
            try await client(ManualClock(), attempts: 2, idleTimeout: 0.5).get(server.baseURL)
        }
        #expect(error?.kind == .network)
        #expect(error?.failure == .timedOut, "\(String(describing: error))")
        #expect(error?.attempts == 2)
    }

    @Test("an oversized body is cut off with an error, without retrying")
    func oversized() async throws {
        let big = Data(repeating: 65, count: 300_000)
        let server = try LoopbackServer(replies: [.respond(status: 200, body: big)])
        let error = await #expect(throws: TransferError.self) {
            try await client(ManualClock(), maxBytes: 100_000).get(server.baseURL)
        }
        #expect(error?.failure == .responseTooLarge(limit: 100_000))
        #expect(error?.kind == .remote)
        #expect(server.requests.count == 1)
    }

    @Test("a body cut short is a network error, retried")
    func truncatedBody() async throws {
        let server = try LoopbackServer(replies: [
            .truncate(declared: 1000, body: Data("only a little".utf8)),
            .respond(status: 200, body: Data("whole".utf8)),
        ])
        let response = try await client(ManualClock()).get(server.baseURL)
        #expect(String(decoding: response.body, as: UTF8.self) == "whole")
        #expect(server.requests.count == 2)
    }

    @Test("a refused connection is a network error")
    func refused() async throws {
        let server = try LoopbackServer(replies: [.respond(status: 200)])
        let url = server.baseURL
        server.stop()
        let error = await #expect(throws: TransferError.self) { try await client(ManualClock(), attempts: 2).get(url) }
        #expect(error?.kind == .network)
    }

    @Test("a test can replace the transport alone and keep the retry logic")
    func injectedTransport() async throws {
        let calls = CallCounter()
        let transport = HTTPTransport { request, _ in
            calls.increment()
            return HTTPResponse(status: calls.value < 2 ? 502 : 200, body: Data(request.url.path.utf8))
        }
        let client = HTTPClient(configuration: .init(userAgent: "t"), transport: transport, clock: ManualClock().clock)
        let response = try await client.get(try #require(URL(string: "http://example.invalid/p")))
        #expect(String(decoding: response.body, as: UTF8.self) == "/p")
        #expect(calls.value == 2)
    }
}

final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
