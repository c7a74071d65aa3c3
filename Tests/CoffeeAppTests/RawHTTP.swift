import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Sends bytes exactly as given to a local server and reads its answer: for requests URLSession
/// will not write (a chunked body of a chosen size).
enum RawHTTP {
    /// The status line's code and the body of the answer to `request`, sent to 127.0.0.1:`port`.
    static func send(_ request: Data, port: Int) throws -> (status: Int, body: String) {
        // The server may answer (413) and close before it has read everything: a failed write is fine.
        let answer = try RawExchange.exchange(request, port: port, readTimeout: 0)
        let text = String(decoding: answer, as: UTF8.self)
        let status = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
        return (status, body)
    }

    /// A request with a Content-Length body (or none).
    static func request(_ method: String, _ path: String, body: String? = nil) -> Data {
        let length = body.map { "Content-Type: application/json\r\nContent-Length: \($0.utf8.count)\r\n" } ?? ""
        return Data(
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(length)Connection: close\r\n\r\n\(body ?? "")".utf8)
    }

    /// A POST of `body` in chunks of `chunk` bytes, with no Content-Length.
    static func chunkedPost(path: String, body: Data, chunk: Int = 8192) -> Data {
        var request = Data(
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                .utf8)
        var offset = 0
        while offset < body.count {
            let part = body[offset..<min(offset + chunk, body.count)]
            request.append(Data(String(part.count, radix: 16).utf8) + Data("\r\n".utf8) + part + Data("\r\n".utf8))
            offset += chunk
        }
        request.append(Data("0\r\n\r\n".utf8))
        return request
    }

}
