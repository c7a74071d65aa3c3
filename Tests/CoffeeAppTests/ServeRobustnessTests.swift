import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A raw TCP connection to a test server: for half-sent requests and slow bodies that URLSession cannot send.
final class RawConnection {
    private let descriptor: Int32

    /// Connects to `127.0.0.1:port`; `nil` when the connection is refused.
    init?(port: Int) {
        let socketDescriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketDescriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socketDescriptor)
            return nil
        }
        descriptor = socketDescriptor
    }

    deinit { close(descriptor) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBufferPointer { Glibc.send(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return }
            sent += count
        }
    }

    /// Whether the peer has not closed the connection: nothing to read, or data that is not its end.
    var isOpen: Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 0) > 0 else { return true }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0
    }

    /// Reads until the peer closes or `timeout` passes; returns what came and whether the peer closed.
    func readToEnd(timeout: TimeInterval) -> (text: String, closed: Bool) {
        var data = [UInt8]()
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 50)
            if ready <= 0 { continue }
            let count = buffer.withUnsafeMutableBufferPointer { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (String(decoding: data, as: UTF8.self), true) }
            data.append(contentsOf: buffer[0..<count])
        }
        return (String(decoding: data, as: UTF8.self), false)
    }
}

extension ServeProcess {
    /// The port in the server's URL.
    var port: Int { Int(url.split(separator: ":").last ?? "") ?? 0 }
}

@Suite("coffee serve on loopback: request ids in the log, SIGTERM mid-request, slow clients", .serialized)
struct ServeRobustnessTests {
    @Test("with --log-level info, the request's log line carries the client's X-Request-ID")
    func requestIDInTheLog() async throws {
        let coffee = try Coffee()
        let server = try ServeProcess(storage: ["--db", coffee.database], options: ["--log-level", "info"])
        let connection = try #require(RawConnection(port: server.port))
        connection.send(
            "GET /menu HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-ID: trace-me-42\r\nConnection: close\r\n\r\n")
        let answer = connection.readToEnd(timeout: 60)
        #expect(answer.text.hasPrefix("HTTP/1.1 200"))
        #expect(answer.text.lowercased().contains("x-request-id: trace-me-42"))
        let stopped = server.stop(signal: SIGTERM)
        #expect(stopped.status == 0)
        let line = stopped.stderr.split(separator: "\n").first {
            $0.contains("request finished") && $0.contains("/menu")
        }
        let logged = try #require(line, "no request line in: \(stopped.stderr)")
        #expect(logged.contains("request_id=trace-me-42"))
        #expect(logged.contains("status=200"))

        // At the default level (warning) no line is written per request.
        let quiet = try ServeProcess(database: coffee.database)
        _ = try await HTTP.get(quiet.url + "/health")
        #expect(!quiet.stop(signal: SIGTERM).stderr.contains("request finished"))
    }

    @Test("SIGTERM while a request's body is still arriving: the request finishes, new ones are refused, exit 0")
    func sigtermDuringASlowRequest() throws {
        let coffee = try Coffee()
        let server = try ServeProcess(storage: ["--db", coffee.database], options: ["--log-level", "debug"])
        let body = #"{"customer":"Slow Sam","coffee":"latte","size":"small"}"#
        let connection = try #require(RawConnection(port: server.port))
        connection.send(
            "POST /orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
                + String(body.prefix(20)))
        // SIGTERM once the server is in the request, waiting for the rest of its body.
        #expect(server.waitForLog("request started"), "the server never started the request")
        kill(server.process.processIdentifier, SIGTERM)
        // The listener closes: a new connection is refused, while the old one is served.
        try Waiting.blockingUntil("the server to refuse new connections after SIGTERM", interval: .milliseconds(20)) {
            RawConnection(port: server.port) == nil
        }
        #expect(server.process.isRunning, "the server exited with a request in flight")
        connection.send(String(body.dropFirst(20)))
        let answer = connection.readToEnd(timeout: 60)
        #expect(answer.text.hasPrefix("HTTP/1.1 201"), "\(answer.text)")
        let json = answer.text.components(separatedBy: "\r\n\r\n").dropFirst().joined()
        let order = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(order?["customer"] as? String == "Slow Sam")
        let stopped = server.stop(signal: 0)
        #expect(stopped.reason == .exit && stopped.status == 0, "\(stopped.stderr)")
        // The order was stored before the process ended.
        #expect(try coffee.run("list").stdout.contains("Slow Sam"))
    }

    @Test("a stalled half request holds nothing: others are served, and it is closed after --idle-timeout")
    func slowClients() async throws {
        let coffee = try Coffee()
        // No timeout at all: nothing but the server's own work can answer the requests after the stalled ones.
        let patient = try ServeProcess(
            storage: ["--db", coffee.database],
            options: ["--idle-timeout", "0", "--header-timeout", "0", "--body-timeout", "0"])
        do {
            let (halfHeaders, halfBody) = try Self.stall(patient)
            for _ in 0..<5 {
                let (status, body) = try await HTTP.get(patient.url + "/health")
                #expect(status == 200 && body["status"] as? String == "ok")
            }
            #expect(halfHeaders.isOpen && halfBody.isOpen, "a stalled connection was closed with no timeout")
        }
        // Closed by the client first, so the shutdown has no request to wait for.
        #expect(patient.stop(signal: SIGTERM).status == 0)

        let server = try ServeProcess(storage: ["--db", coffee.database], options: ["--idle-timeout", "3"])
        let (headersStalled, bodyStalled) = try Self.stall(server)
        let started = Date()
        let headersClosed = headersStalled.readToEnd(timeout: 60)
        let bodyClosed = bodyStalled.readToEnd(timeout: 60)
        let elapsed = Date().timeIntervalSince(started)
        #expect(headersClosed.closed && bodyClosed.closed, "a stalled connection is still open after \(elapsed) s")
        // Not before the idle timeout (counted from the server's read of the last byte, a moment before `started`).
        #expect(elapsed >= 2.9, "closed after \(elapsed) s, before --idle-timeout")
        #expect(!bodyClosed.text.contains(" 201 "))
        #expect(server.stop(signal: SIGTERM).status == 0)
    }

    /// Two connections that stop sending: one in the middle of its headers, one in the middle of its body.
    private static func stall(_ server: ServeProcess) throws -> (headers: RawConnection, body: RawConnection) {
        let halfHeaders = try #require(RawConnection(port: server.port))
        halfHeaders.send("POST /orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty")
        let halfBody = try #require(RawConnection(port: server.port))
        halfBody.send("POST /orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{\"customer\":")
        return (halfHeaders, halfBody)
    }
}
