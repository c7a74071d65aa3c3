import Foundation
import HTTPServer
import Hummingbird
import Synchronization
import TestSupport
import Testing
import WebSupport

/// The one guard every app's server passes (`RequestGuard`, put before every route by
/// `HTTPServerRunner`) and the shared live streams (`LiveBroadcast`), on a real server on loopback.
@Suite("The web guard and the live streams")
struct WebGuardTests {
    @Test(
        "a request for a name the server does not answer is 421 before any route (DNS rebinding), the loopback names with the port pass",
        arguments: [
            (host: "evil.example:{port}", status: 421), ("evil.example", 421), ("127.0.0.1.evil.example:{port}", 421),
            ("localhost:1", 421), ("127.0.0.1:{port}", 200), ("localhost:{port}", 200), ("LOCALHOST.:{port}", 200),
            ("[::1]:{port}", 200), ("127.0.0.1", 200), ("shop.example", 200), ("cdn.shop.example:443", 200),
            ("shop.example.evil", 421),
        ])
    func hostCheck(host: String, status: Int) async throws {
        let counter = Counter()
        try await WebSupportTests.withServer(CountingPages(counter: counter), publicNames: [".shop.example"]) { base in
            let port = base.port ?? 0
            let answer = try await offPool {
                try RawExchange.send(
                    port: port, "GET", "/count",
                    headers: [("Host", host.replacingOccurrences(of: "{port}", with: "\(port)"))])
            }
            #expect(answer.status == status, "\(host): \(answer.body)")
            #expect(answer.headers["x-content-type-options"] == "nosniff")
            if status == 421 {
                #expect(
                    answer.body.contains("unknownHost") && answer.headers["content-type"] == "application/problem+json")
                #expect(counter.value == 0, "the route ran for \(host)")
            }
        }
    }

    @Test("a request without a Host, or with two, is 400; an unsafe request from a page of another name is 403")
    func missingHostAndForeignOrigin() async throws {
        try await WebSupportTests.withServer(CountingPages(counter: Counter())) { base in
            let port = base.port ?? 0
            #expect(try await offPool { try RawExchange.send(port: port, "GET", "/count", headers: []) }.status == 400)
            let twice = [("Host", "127.0.0.1:\(port)"), ("Host", "evil.example")]
            #expect(
                try await offPool { try RawExchange.send(port: port, "GET", "/count", headers: twice) }.status == 400)
            // The request's own Host is allowed; its Origin, the rebound page's, is not this server.
            let rebound = try await offPool {
                try RawExchange.send(
                    port: port, "POST", "/count",
                    headers: [("Host", "127.0.0.1:\(port)"), ("Origin", "http://evil.example:\(port)")])
            }
            #expect(rebound.status == 403 && rebound.body.contains("crossSiteRequest"))
            let own = try await offPool {
                try RawExchange.send(
                    port: port, "POST", "/count",
                    headers: [("Host", "127.0.0.1:\(port)"), ("Origin", "http://localhost:\(port)")])
            }
            #expect(own.status == 200)
        }
    }

    @Test("an error answer (a 404 quoting the path) carries nosniff and the policy like any page")
    func headersOnErrors() async throws {
        try await WebSupportTests.withServer(CountingPages(counter: Counter())) { base in
            let answer = try await offPool {
                try RawExchange.send(
                    port: base.port ?? 0, "GET", "/%3Cscript%3Ealert(1)%3C/script%3E",
                    headers: [("Host", "127.0.0.1:\(base.port ?? 0)")])
            }
            #expect(answer.status == 404)
            #expect(answer.headers["x-content-type-options"] == "nosniff")
            #expect(answer.headers["content-security-policy"]?.contains("default-src 'self'") == true)
        }
    }

    @Test("a change is rendered once for every open stream of an audience, and each stream gets the same bytes")
    func oneRenderingPerChange() async throws {
        let state = LiveState()
        let broadcast = LiveBroadcast<Int>(limit: 10, interval: .milliseconds(20)) { state.version }
        try await WebSupportTests.withServer(LivePages(broadcast: broadcast, state: state)) { base in
            let streams = try (0..<5).map { _ in try EventStreamReader(port: base.port ?? 0, path: "/live") }
            for stream in streams { #expect(try await offPool { try stream.nextData() } == "version 0") }
            let before = await broadcast.changeRenderings
            let renderedBefore = state.renderings
            state.change()
            for stream in streams { #expect(try await offPool { try stream.nextData() } == "version 1") }
            #expect(await broadcast.changeRenderings - before == 1)
            #expect(state.renderings - renderedBefore == 1)
            #expect(await broadcast.openStreams == 5)
        }
    }

    @Test("with the store's own signal of changes, the broadcast reads the version on each signal and never polls")
    func signalledChanges() async throws {
        let state = LiveState()
        let reads = LiveState()  // its version counts the reads
        let (signals, signal) = AsyncStream.makeStream(of: Void.self)
        // A poll every millisecond would read the version hundreds of times while the streams wait.
        let broadcast = LiveBroadcast<Int>(
            limit: 10, interval: .milliseconds(1), heartbeat: .seconds(3600), wakeUps: signals
        ) {
            reads.change()
            return state.version
        }
        try await WebSupportTests.withServer(LivePages(broadcast: broadcast, state: state)) { base in
            let stream = try EventStreamReader(port: base.port ?? 0, path: "/live")
            #expect(try await offPool { try stream.nextData() } == "version 0")
            #expect(reads.version == 1, "the stream's first event reads the version once")
            state.change()
            signal.yield()
            #expect(try await offPool { try stream.nextData() } == "version 1")
            #expect(reads.version == 2, "one more read, for the one signal")
        }
    }

    @Test("past the limit a stream is answered 503 with Retry-After; a closed stream frees its place")
    func streamLimit() async throws {
        let state = LiveState()
        let broadcast = LiveBroadcast<Int>(limit: 2, interval: .milliseconds(20)) { state.version }
        try await WebSupportTests.withServer(LivePages(broadcast: broadcast, state: state)) { base in
            let port = base.port ?? 0
            let first = try EventStreamReader(port: port, path: "/live")
            let second = try EventStreamReader(port: port, path: "/live")
            #expect(try await offPool { try first.nextData() } == "version 0")
            #expect(try await offPool { try second.nextData() } == "version 0")
            let refused = try await offPool {
                try RawExchange.send(port: port, "GET", "/live", headers: [("Host", "127.0.0.1:\(port)")])
            }
            #expect(refused.status == 503)
            #expect(refused.headers["retry-after"] == String(LiveStreams.retryAfterSeconds))
            first.close()
            // The server learns of the closed stream at its next write: a change.
            state.change()
            #expect(try await offPool { try second.nextData() } == "version 1")
            var open = await broadcast.openStreams
            var changes = 0
            while open > 1, changes < 100 {
                state.change()
                _ = try await offPool { try second.nextData() }
                open = await broadcast.openStreams
                changes += 1
            }
            #expect(open == 1)
            let third = try EventStreamReader(port: port, path: "/live")
            #expect(try await offPool { try third.nextData() }.hasPrefix("version "))
        }
    }

    /// A route that counts the requests that reached it.
    struct CountingPages: WebRoutes {
        let counter: Counter
        func addRoutes<Context: RequestContext>(to router: some RouterMethods<Context>) {
            router.get("count") { _, _ in
                counter.increment()
                return "counted"
            }
            router.post("count") { _, _ in "posted" }
        }
    }

    /// A live region over `state`.
    struct LivePages: WebRoutes {
        let broadcast: LiveBroadcast<Int>
        let state: LiveState
        func addRoutes<Context: RequestContext>(to router: some RouterMethods<Context>) {
            router.get("live") { _, _ in
                await broadcast.response {
                    state.rendered()
                    return ServerSentEvent(name: "update", data: "version \(state.version)")
                }
            }
        }
    }

    final class Counter: Sendable {
        private let count = Atomic(0)
        var value: Int { count.load(ordering: .relaxed) }
        func increment() { count.add(1, ordering: .relaxed) }
    }

    /// A version the test raises, and how many times it was rendered.
    final class LiveState: Sendable {
        private let current = Atomic(0)
        private let renders = Atomic(0)
        var version: Int { current.load(ordering: .relaxed) }
        var renderings: Int { renders.load(ordering: .relaxed) }
        func change() { current.add(1, ordering: .relaxed) }
        func rendered() { renders.add(1, ordering: .relaxed) }
    }
}
