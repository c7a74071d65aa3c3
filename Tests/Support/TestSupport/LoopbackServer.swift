import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A scripted HTTP/1.1 server on 127.0.0.1 for tests: each request gets the reply the test chose.
///
/// It can answer normally, hang without answering, declare a longer body than it sends, or
/// close the connection, so tests exercise the real HTTP client against real sockets.
/// It listens on a free port, serves each connection on its own thread, and stops when
/// `stop()` is called or the server is released.
public final class LoopbackServer: @unchecked Sendable {
    /// What the server does with one request.
    public enum Reply: Sendable {
        /// Answer with a status, headers and body.
        case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
        /// Read the request and never answer (until the server stops).
        case hang
        /// Declare `Content-Length: declared` but send only `body`, then close.
        case truncate(status: Int = 200, declared: Int, body: Data)
        /// Close the connection without a word.
        case close
        /// Answer 200 with a chunked body of `chunks` copies of `chunk`, `interval` seconds apart
        /// (a trickle, or a flood when 0), stopping early when the client hangs up.
        case stream(chunk: Data, chunks: Int, interval: Double = 0)
    }

    /// A request as the server received it.
    public struct Request: Sendable {
        /// The method, such as GET.
        public let method: String
        /// The path with its query string.
        public let target: String
        /// Header fields, with lower-cased names.
        public let headers: [String: String]
        /// The body.
        public let body: Data
        /// When the server had read it.
        public let receivedAt: Date
    }

    /// The port the server listens on.
    public let port: UInt16
    /// The base URL, `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let received = Mutex<[Request]>([])
    private let stopped = Mutex(false)
    private let streamed = Mutex(0)

    /// Starts a server whose replies come from `handler`.
    public init(handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServerError.socket("socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw ServerError.socket("bind/listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// A server that serves a sequence of replies, one per request, repeating the last.
    public convenience init(replies: [Reply]) throws {
        let queue = Mutex((replies: replies, next: 0))
        try self.init { _ in
            queue.withLock { state in
                let reply = state.replies[min(state.next, state.replies.count - 1)]
                state.next += 1
                return reply
            }
        }
    }

    deinit { stop() }

    /// Every request received so far, in order.
    public var requests: [Request] { received.withLock { $0 } }

    /// Bytes of `.stream` bodies the client has taken so far (the socket accepted them).
    public var bytesStreamed: Int { streamed.withLock { $0 } }

    /// Stops listening and drops every connection, hung ones included.
    public func stop() {
        let wasStopped = stopped.withLock { value in
            defer { value = true }
            return value
        }
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private var isStopped: Bool { stopped.withLock { $0 } }

    private func acceptLoop() {
        while !isStopped {
            let connection = accept(listener, nil, nil)
            if connection < 0 { if isStopped { return } else { continue } }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var buffer = Data()
        while let request = readRequest(connection, buffer: &buffer) {
            received.withLock { $0.append(request) }
            switch handler(request) {
            case .respond(let status, let headers, let body):
                var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Length: \(body.count)\r\n"
                for (name, value) in headers { head += "\(name): \(value)\r\n" }
                send(connection, Data((head + "\r\n").utf8) + body)
            case .hang:
                while !isStopped { usleep(20_000) }
                return
            case .truncate(let status, let declared, let body):
                send(
                    connection,
                    Data("HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Length: \(declared)\r\n\r\n".utf8) + body
                )
                return
            case .close:
                return
            case .stream(let chunk, let chunks, let interval):
                let head = "HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nTransfer-Encoding: chunked\r\n\r\n"
                guard send(connection, Data(head.utf8)) else { return }
                let framed = Data(String(chunk.count, radix: 16).utf8) + Data("\r\n".utf8) + chunk + Data("\r\n".utf8)
                for _ in 0..<chunks {
                    if isStopped { return }
                    if interval > 0 { usleep(useconds_t(interval * 1_000_000)) }
                    guard send(connection, framed) else { return }
                    streamed.withLock { $0 += chunk.count }
                }
                guard send(connection, Data("0\r\n\r\n".utf8)) else { return }
            }
        }
    }

    private func readRequest(_ connection: Int32, buffer: inout Data) -> Request? {
        let separator = Data("\r\n\r\n".utf8)
        while buffer.range(of: separator) == nil {
            guard let chunk = receive(connection) else { return nil }
            buffer.append(chunk)
        }
        guard let end = buffer.range(of: separator) else { return nil }
        let head = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex..<end.upperBound)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = headers["content-length"].flatMap(Int.init) ?? 0
        while buffer.count < length {
            guard let chunk = receive(connection) else { return nil }
            buffer.append(chunk)
        }
        let body = Data(buffer.prefix(length))
        buffer.removeFirst(length)
        return Request(
            method: requestLine.first.map(String.init) ?? "",
            target: requestLine.dropFirst().first.map(String.init) ?? "",
            headers: headers, body: body, receivedAt: Date())
    }

    private func receive(_ connection: Int32) -> Data? {
        var bytes = [UInt8](repeating: 0, count: 65_536)
        let count = recv(connection, &bytes, bytes.count, 0)
        return count > 0 ? Data(bytes[0..<count]) : nil
    }

    /// Sends all of `data`; false when the client has gone.
    @discardableResult
    private func send(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let sent = Glibc.send(
                    connection, raw.baseAddress.map { $0 + offset }, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 400: "Bad Request"
        case 302: "Found"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }

    /// Why the server could not start.
    public enum ServerError: Error {
        /// A socket call failed.
        case socket(String)
    }
}
