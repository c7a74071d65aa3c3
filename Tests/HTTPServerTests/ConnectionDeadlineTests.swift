import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import Testing

@testable import HTTPServer

/// `ConnectionGuard`'s header and body deadlines on an event loop whose clock the test moves:
/// each cut comes exactly at its deadline and not a nanosecond before, on any machine.
///
/// The pipeline is the server's (Hummingbird's HTTP/1 codec, then the guard); the idle timeout
/// belongs to Hummingbird's own handler and is checked on the built binary (`ServeRobustnessTests`).
@Suite("Connection deadlines on an injected clock")
struct ConnectionDeadlineTests {
    static let timeouts = ConnectionTimeouts(
        idle: .seconds(30), header: .seconds(2), body: .seconds(2), bodyMinRate: 500)

    /// A connection as the server sets one up, on an `EmbeddedEventLoop` (its clock starts at 0 and moves only by hand).
    static func connection(_ timeouts: ConnectionTimeouts = timeouts) throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(
            withPipeliningAssistance: false, withErrorHandling: false)
        try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
        try channel.pipeline.syncOperations.addHandler(ConnectionGuard(timeouts: timeouts, ids: RequestIDSource()))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        return channel
    }

    @Test("a head trickled in is answered 408 at the header timeout from its first byte, not before, then closed")
    func headDeadline() throws {
        let channel = try Self.connection()
        let head = "GET /menu HTTP/1.1\r\nHost: x\r\nX-Slow: aaaa"
        // A byte every 400 ms: the deadline runs from the first, however the rest trickle.
        for (index, byte) in head.utf8.prefix(5).enumerated() {
            if index > 0 { channel.embeddedEventLoop.advanceTime(by: .milliseconds(400)) }
            try channel.writeInbound(ByteBuffer(bytes: [byte]))
        }
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(399))
        #expect(try Self.written(channel).isEmpty, "answered before the header timeout")
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        let answer = try Self.written(channel)
        #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer)")
        #expect(answer.contains("headerTimeout") && answer.lowercased().contains("connection: close"), "\(answer)")
        channel.embeddedEventLoop.advanceTime(by: ConnectionGuard.lingering)
        #expect(!channel.isActive, "still open after the lingering time")
        #expect(try channel.readInbound(as: HTTPRequestPart.self) == nil, "the cut head reached the route")
    }

    @Test("a body gets its timeout plus a second per bodyMinRate bytes: cut exactly when it falls behind")
    func bodyDeadline() throws {
        let channel = try Self.connection()
        let request = "POST /orders HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\nX-Request-ID: slow-body-1\r\n\r\n"
        try channel.writeInbound(ByteBuffer(string: request + String(repeating: "a", count: 250)))
        // 250 bytes: 2 s + 0.5 s. Another 250 before that is due: 2 s + 1 s from the head.
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(2_400))
        try channel.writeInbound(ByteBuffer(string: String(repeating: "a", count: 250)))
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(599))
        #expect(try Self.written(channel).isEmpty, "cut before its allowance")
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(1))
        let answer = try Self.written(channel)
        #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer)")
        #expect(
            answer.contains("bodyTimeout") && answer.lowercased().contains("x-request-id: slow-body-1"), "\(answer)")
        // The route reading the body gets an error, never an early end it would take for the whole body.
        #expect(throws: SlowRequest.bodyTimedOut) { try channel.throwIfErrorCaught() }
        channel.embeddedEventLoop.advanceTime(by: ConnectionGuard.lingering)
        #expect(!channel.isActive)
    }

    @Test("a body that keeps up with bodyMinRate is never cut, however long it takes")
    func bodyKeepingUp() throws {
        let channel = try Self.connection()
        try channel.writeInbound(
            ByteBuffer(string: "POST /orders HTTP/1.1\r\nHost: x\r\nContent-Length: 10000\r\n\r\n"))
        // 500 bytes a second for 20 s: the allowance grows a second every second, two ahead.
        for _ in 0..<20 {
            channel.embeddedEventLoop.advanceTime(by: .seconds(1))
            try channel.writeInbound(ByteBuffer(string: String(repeating: "a", count: 500)))
        }
        #expect(try Self.written(channel).isEmpty, "a body at the minimum rate was cut")
        var parts = [HTTPRequestPart]()
        while let part = try channel.readInbound(as: HTTPRequestPart.self) { parts.append(part) }
        #expect(parts.last == .end(nil), "the whole body reached the route")
        #expect(channel.isActive)
    }

    @Test("a request that arrives whole sets no deadline; between requests only the idle timeout applies")
    func wholeRequest() throws {
        let channel = try Self.connection()
        try channel.writeInbound(ByteBuffer(string: "GET /menu HTTP/1.1\r\nHost: x\r\n\r\n"))
        channel.embeddedEventLoop.advanceTime(by: .seconds(3_600))
        #expect(try Self.written(channel).isEmpty)
        #expect(channel.isActive)
    }

    @Test("with no header or body timeout, a trickle is never cut")
    func noTimeouts() throws {
        let channel = try Self.connection(ConnectionTimeouts(idle: nil, header: nil, body: nil))
        try channel.writeInbound(ByteBuffer(string: "POST /orders HTTP/1.1\r\nHost: x\r\n"))
        channel.embeddedEventLoop.advanceTime(by: .seconds(3_600))
        try channel.writeInbound(ByteBuffer(string: "Content-Length: 10\r\n\r\nabc"))
        channel.embeddedEventLoop.advanceTime(by: .seconds(3_600))
        #expect(try Self.written(channel).isEmpty)
        #expect(channel.isActive)
    }

    /// Everything written to the client so far, as text.
    static func written(_ channel: EmbeddedChannel) throws -> String {
        var bytes = [UInt8]()
        while let data = try channel.readOutbound(as: IOData.self) {
            guard case .byteBuffer(let buffer) = data else { continue }
            bytes += buffer.readableBytesView
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
