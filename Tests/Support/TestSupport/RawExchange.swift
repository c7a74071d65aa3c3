import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 request written by hand to a server on 127.0.0.1, for what URLSession will not
/// send as given: a `Host` of another name (DNS rebinding), several `Host` lines, any header.
public enum RawExchange {
    /// The answer's status, headers (names lower-cased) and body.
    public struct Answer: Sendable {
        public let status: Int
        public let headers: [String: String]
        public let body: String
    }

    /// Sends `method path` with exactly `headers` (in order, `Host` included when given) and `body`
    /// to 127.0.0.1:`port`, closing after it, and reads the whole answer.
    public static func send(
        port: Int, _ method: String, _ path: String, headers: [(String, String)], body: String = ""
    ) throws -> Answer {
        var head = "\(method) \(path) HTTP/1.1\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty { head += "Content-Length: \(body.utf8.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        let answer = try exchange(Data((head + body).utf8), port: port, halfClose: false)
        return parse(String(decoding: answer, as: UTF8.self))
    }

    /// Writes `request` as it is to 127.0.0.1:`port`, ends the sending side when `halfClose`, and
    /// reads every byte of the answer until the server closes (a failed write is fine: it may
    /// answer and close first).
    public static func exchange(_ request: Data, port: Int, readTimeout: Int = 30, halfClose: Bool = true) throws
        -> Data
    {
        let socket = try LoopbackSocket.connect(port: port, readTimeout: readTimeout)
        defer { close(socket) }
        _ = request.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
        if halfClose { shutdown(socket, Int32(SHUT_WR)) }
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(socket, &buffer, buffer.count)
            if count <= 0 { break }
            answer.append(contentsOf: buffer[0..<count])
        }
        return answer
    }

    /// What a page of another site whose name was made to resolve to this server (DNS
    /// rebinding) gets: `GET get`, and a form POST of `form` to `post` from its own origin, each
    /// with `Host: evil.example:PORT`.
    public static func asRebindingPage(port: Int, get: String, post: String, form: String) throws -> (
        get: Answer, post: Answer
    ) {
        let host = ("Host", "evil.example:\(port)")
        let read = try send(port: port, "GET", get, headers: [host])
        let sent = try send(
            port: port, "POST", post,
            headers: [
                host, ("Content-Type", "application/x-www-form-urlencoded"), ("Origin", "http://evil.example:\(port)"),
            ], body: form)
        return (read, sent)
    }

    /// The port of a base URL such as `http://127.0.0.1:41234`.
    public static func port(of url: String) -> Int {
        URL(string: url)?.port ?? 0
    }

    private static func parse(_ text: String) -> Answer {
        let parts = text.components(separatedBy: "\r\n\r\n")
        let lines = (parts.first ?? "").components(separatedBy: "\r\n")
        let status = lines.first?.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return Answer(status: status, headers: headers, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}
