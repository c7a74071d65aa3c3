import Core
import Foundation
import Hummingbird
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// How long a connection may take over each part of a request, the rule production servers use
/// against slow clients (nginx's `client_header_timeout`, Apache's `mod_reqtimeout`).
///
/// - `header`: a request's head (request line and headers) must be complete within this time
///   of its first byte, however its bytes trickle in. Past it: 408 and the connection is closed.
/// - `body` and `bodyMinRate`: a body must arrive within `body`, extended by one second for
///   every `bodyMinRate` bytes received (Apache's `body=20,MinRate=500`), so a large body sent
///   at a reasonable rate is never cut and a trickle always is. Past it: 408 when no response
///   was started, and the connection is closed.
/// - `idle`: a connection that sends nothing for this long is closed: between keep-alive
///   requests, or stalled mid-request (Hummingbird's idle timeout). A request whose response is
///   being computed is never cut by any of them.
///
/// `nil` is never, for each.
public struct ConnectionTimeouts: Sendable, Equatable {
    /// Silence allowed between requests, or mid-request.
    public var idle: Duration?
    /// The longest a request's head may take from its first byte.
    public var header: Duration?
    /// The time every body gets, before its extension by `bodyMinRate`.
    public var body: Duration?
    /// Bytes a second a body must keep up after `body`: each `bodyMinRate` bytes received add one second.
    public var bodyMinRate: Int

    public init(
        idle: Duration? = .seconds(30), header: Duration? = .seconds(20), body: Duration? = .seconds(20),
        bodyMinRate: Int = 500
    ) {
        self.idle = idle
        self.header = header
        self.body = body
        self.bodyMinRate = max(1, bodyMinRate)
    }

    /// 30 s idle, 20 s for a head, 20 s for a body plus 1 s for every 500 bytes.
    public static let standard = ConnectionTimeouts()

    /// How long a body of `bytes` bytes received so far may have taken: `body` plus one second per `bodyMinRate` bytes.
    public func bodyAllowance(after bytes: Int) -> Duration? {
        body.map { $0 + .milliseconds(Int64(bytes) * 1000 / Int64(bodyMinRate)) }
    }
}

/// Answers what the HTTP/1 parser refuses and what arrives too slowly, as problems, on the
/// connection itself: no route ever sees these requests.
///
/// Hummingbird answers a parser error (a header over the size limit, too many headers, a NUL in
/// a header, a request line that is not HTTP) with a bare 400 and no body. This handler sits
/// right after the HTTP codec and, when no response is under way on the connection, answers
/// instead: 431 for headers too large or too many, 400 for the rest, each an
/// `application/problem+json` body with a new `X-Request-ID` and `Connection: close`. It then
/// closes its sending side, reads and drops what the client still sends for a moment (a client
/// still writing a 100 KB header would otherwise get a reset instead of the answer), and closes.
///
/// It also keeps `ConnectionTimeouts`' header and body deadlines. It learns when a request's
/// first byte arrives from a companion handler (`ByteWatcher`) that it puts first in the pipeline,
/// before the parser, which sees only whole heads.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// How long a closing connection keeps reading (and dropping) what the client still sends.
    static let lingering = TimeAmount.seconds(2)

    private enum Phase {
        /// Between requests: no byte of the next one yet.
        case idle
        /// A request's head has been arriving since `start`.
        case head(start: NIODeadline)
        /// A head was read; its body is arriving since `start`, `bytes` of it so far.
        case body(start: NIODeadline, bytes: Int)
    }

    private let timeouts: ConnectionTimeouts
    private let ids: RequestIDSource
    private var phase = Phase.idle
    /// The one timer of the connection, set only while a request is still arriving after a read.
    private var deadline: Scheduled<Void>?
    /// Requests read whose response has not ended: only with none may this handler answer itself.
    private var openRequests = 0
    /// Whether the current request's response has begun (its head written).
    private var responseStarted = false
    /// The current request's headers, for the `X-Request-ID` of its 408 (read only then).
    private var requestHeaders: HTTPFields?
    /// Set once this handler answered: later reads are dropped and the route's writes refused.
    private(set) var closing = false
    private var context: ChannelHandlerContext?

    init(timeouts: ConnectionTimeouts, ids: RequestIDSource) {
        self.timeouts = timeouts
        self.ids = ids
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        // Before the HTTP parser, to see a request's bytes as they arrive.
        try? context.pipeline.syncOperations.addHandler(ByteWatcher(self), position: .first)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelDeadline()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelDeadline()
        context.fireChannelInactive()
    }

    /// Bytes arrived from the client (called by `ByteWatcher` before the parser reads them);
    /// `false` when they are to be dropped.
    func bytesArrived() -> Bool {
        if closing { return false }
        if case .idle = phase { phase = .head(start: now) }
        return true
    }

    /// The parser has read the bytes: a request still arriving gets its timer now. A request
    /// that came whole in one read never sets one, so the usual request costs no timer at all.
    func readProcessed() {
        guard !closing else { return }
        switch phase {
        case .idle: cancelDeadline()
        case .head, .body: if deadline == nil, let due = due() { schedule(at: due) }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            openRequests += 1
            responseStarted = false
            requestHeaders = head.headerFields
            phase = .body(start: now, bytes: 0)
        case .body(let bytes):
            if case .body(let start, let count) = phase {
                phase = .body(start: start, bytes: count + bytes.readableBytes)
            }
        case .end:
            phase = .idle
            requestHeaders = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // This handler answered the connection already: nothing may follow its answer.
        guard !closing else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        switch unwrapOutboundIn(data) {
        case .head: responseStarted = true
        case .body: break
        case .end: openRequests -= 1
        }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Once answered, errors go on to the route (a body cut short must fail, never read as complete).
        guard !closing, let parserError = error as? HTTPParserError, openRequests == 0 else {
            context.fireErrorCaught(error)
            return
        }
        answer(HTTPProblems.parserError(parserError), id: ids.next())
    }

    // MARK: - Deadlines

    /// The time on the connection's event loop, the clock its timers run on (a test's
    /// `EmbeddedEventLoop` moves it by hand).
    private var now: NIODeadline { context?.eventLoop.now ?? .now() }

    /// When the part now arriving is due: the head's deadline, or the body's allowance for what it has sent.
    private func due() -> NIODeadline? {
        switch phase {
        case .idle: nil
        case .head(let start): timeouts.header.map { start + .nanoseconds(Self.nanoseconds($0)) }
        case .body(let start, let bytes):
            timeouts.bodyAllowance(after: bytes).map { start + .nanoseconds(Self.nanoseconds($0)) }
        }
    }

    /// The current request's own `X-Request-ID` when it is safe to repeat, else a new one.
    private func requestID() -> String {
        let header = RequestIDMiddleware<BasicRequestContext>.header
        if let id = requestHeaders?[header], RequestIDMiddleware<BasicRequestContext>.isSafe(id) { return id }
        return ids.next()
    }

    private func schedule(at due: NIODeadline) {
        cancelDeadline()
        guard let context else { return }
        deadline = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) { [self] in
            deadline = nil
            check()
        }
    }

    private func cancelDeadline() {
        deadline?.cancel()
        deadline = nil
    }

    /// The timer fired: cut the request when its part is past due, else look again when it will be.
    private func check() {
        guard !closing, let due = due() else { return }
        guard now >= due else {
            // The head became a body since, or the body kept up: not due yet.
            schedule(at: due)
            return
        }
        switch phase {
        case .idle:
            return
        case .head:
            if openRequests == 0 {
                answer(HTTPProblems.headerTimeout(timeouts.header ?? .zero), id: ids.next())
            } else {
                closeNow()
            }
        case .body(_, let bytes):
            // The route reading the body gets an error, not an early end it would take for the whole body.
            context?.fireErrorCaught(SlowRequest.bodyTimedOut)
            if responseStarted {
                closeNow()
            } else {
                answer(HTTPProblems.bodyTimeout(received: bytes, timeouts), id: requestID())
            }
        }
    }

    // MARK: - Answering

    /// Writes `problem` with `Connection: close`, then closes the sending side, drops what still
    /// arrives for `lingering`, and closes.
    private func answer(_ problem: APIError, id: String) {
        guard let context, !closing else { return }
        closing = true
        cancelDeadline()
        let body = JSONMessages.problemBytes(problem)
        var fields = problem.headers
        fields[.contentType] = JSONMessages.problemContentType
        fields[.contentLength] = String(body.count)
        fields[.connection] = "close"
        fields[RequestIDMiddleware<BasicRequestContext>.header] = id
        SecurityHeaders.add(to: &fields)
        var buffer = context.channel.allocator.buffer(capacity: body.count)
        buffer.writeBytes(body)
        context.write(wrapOutboundOut(.head(HTTPResponse(status: problem.status, headerFields: fields))), promise: nil)
        context.write(wrapOutboundOut(.body(buffer)), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(mode: .output, promise: nil)
            context.eventLoop.assumeIsolated().scheduleTask(in: Self.lingering) {
                context.close(promise: nil)
            }
        }
    }

    private func closeNow() {
        guard let context, !closing else { return }
        closing = true
        cancelDeadline()
        context.close(promise: nil)
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        HTTPServerRunner.nanoseconds(duration)
    }
}

/// Why `ConnectionGuard` ended a request that was still arriving, for the route reading its body.
enum SlowRequest: Error {
    /// The body came slower than `ConnectionTimeouts` allow.
    case bodyTimedOut
}

/// First in the pipeline: tells `ConnectionGuard` when bytes arrive, and drops them once it answered.
final class ByteWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private weak var guardian: ConnectionGuard?

    init(_ guardian: ConnectionGuard) {
        self.guardian = guardian
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let guardian else {
            context.fireChannelRead(data)
            return
        }
        if unwrapInboundIn(data).readableBytes > 0, !guardian.bytesArrived() { return }
        context.fireChannelRead(data)
        guardian.readProcessed()
    }
}
