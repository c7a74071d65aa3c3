import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An open `GET` event stream on a raw socket, read one `data:` line at a time.
public final class EventStreamReader: @unchecked Sendable {
    private let socket: Int32
    private var pending = ""
    private var closed = false

    /// Opens `path` on 127.0.0.1:`port`, sending `headers` besides `Host`.
    public init(port: Int, path: String, headers: [(String, String)] = []) throws {
        socket = try LoopbackSocket.connect(port: port, readTimeout: 30)
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        _ = Array(request.utf8).withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
    }

    /// The text of the next `data:` line (waiting for it, up to the socket's 30 s).
    public func nextData() throws -> String {
        while true {
            if let range = pending.range(of: "data: "), let end = pending[range.upperBound...].firstIndex(of: "\n") {
                let data = String(pending[range.upperBound..<end])
                pending = String(pending[pending.index(after: end)...])
                return data
            }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = read(socket, &buffer, buffer.count)
            guard count > 0 else { throw LoopbackSocket.Failure(description: "the stream ended") }
            pending += String(decoding: buffer[0..<count], as: UTF8.self)
        }
    }

    /// Closes the connection (once).
    public func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(socket)
    }

    deinit { close() }
}
