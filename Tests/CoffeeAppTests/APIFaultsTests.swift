import Core
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The orders API's answers to guessed keys, malformed HTTP and slow clients, on the built binary over loopback.
@Suite("coffee serve: order ids, Idempotency-Key syntax, malformed HTTP, slow clients", .serialized)
struct APIFaultsTests {
    private static let latte = #"{"customer":"Ada","coffee":"latte","size":"small"}"#

    init() {
        // A server that answers and closes while a test still writes must not kill the test process.
        signal(SIGPIPE, SIG_IGN)
    }

    // MARK: - Order ids

    @Test("a keyed order's id is random: not the key's hash, another on another database, a new one after a delete")
    func keyedOrderIDsAreRandom() async throws {
        let (one, two) = (try Coffee(), try Coffee())
        let (first, second) = (try ServeProcess(database: one.database), try ServeProcess(database: two.database))
        defer {
            _ = first.stop()
            _ = second.stop()
        }
        let key = ["Idempotency-Key": #""1001""#]
        let placed = try await HTTP.send("POST", first.url + "/orders", Self.latte, token: .some(nil), headers: key)
        let elsewhere = try await HTTP.send("POST", second.url + "/orders", Self.latte, token: .some(nil), headers: key)
        #expect(placed.0 == 201 && elsewhere.0 == 201)
        let id = try #require(placed.1["id"] as? String)
        #expect(elsewhere.1["id"] as? String != id, "the same key gave the same id on two databases")
        #expect(id != Self.hashedID1001, "the id is the key's unsalted hash")
        // The key still replays its order.
        let replay = try await HTTP.send("POST", first.url + "/orders", Self.latte, token: .some(nil), headers: key)
        #expect(replay.0 == 201 && replay.1["id"] as? String == id)
        // Deleted by staff: the key places a new order, never under the deleted order's id.
        #expect(try await HTTP.send("DELETE", first.url + "/orders/\(id)", nil).0 == 200)
        let renewed = try await HTTP.send("POST", first.url + "/orders", Self.latte, token: .some(nil), headers: key)
        #expect(renewed.0 == 201)
        #expect(renewed.1["id"] as? String != id, "the key revived the deleted order's id")
        #expect(try await HTTP.send("GET", first.url + "/orders/\(id)", nil, token: .some(nil)).0 == 404)
    }

    /// The id an unsalted hash of key `1001` would give: a version 8 UUID from the first 16 bytes of
    /// SHA-256(`coffee order\n1001`), `899bc0226cf3cfa1fb81bf426738a36b…`, with its version and variant bits set.
    private static let hashedID1001 = "899bc022-6cf3-8fa1-bb81-bf426738a36b"

    // MARK: - Idempotency-Key syntax

    @Test("an Idempotency-Key sent on two lines is 400, equal values or not, and nothing is stored")
    func keySentTwice() throws {
        let coffee = try Coffee()
        let server = try ServeProcess(database: coffee.database)
        defer { _ = server.stop() }
        for lines in [[#""k1""#, #""k2""#], [#""k1""#, #""k1""#]] {
            let keys = lines.map { "Idempotency-Key: \($0)\r\n" }.joined()
            let answer = try Self.exchange(
                server.port,
                "POST /orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
                    + "\(Self.latte.utf8.count)\r\n\(keys)Connection: close\r\n\r\n\(Self.latte)")
            #expect(answer.status == 400, "\(lines): \(answer.text)")
            #expect(answer.problem?["field"] as? String == "Idempotency-Key")
        }
        #expect(try coffee.orders().isEmpty)
    }

    // MARK: - Malformed HTTP

    @Test(
        "what the HTTP parser refuses is a problem with X-Request-ID: 431 for headers too large or too many, else 400",
        arguments: [
            (
                "a 100 KB header",
                "GET /menu HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n", 431
            ),
            (
                "10,000 headers",
                "GET /menu HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (0..<10_000).map { "X-H\($0): v\r\n" }.joined() + "\r\n",
                431
            ),
            ("a NUL in a header", "GET /menu HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Nul: a\u{0}b\r\n\r\n", 400),
            ("a garbage request line", "GARBAGE\r\n\r\n", 400),
            ("a request line with no version", "GET /menu\r\nHost: 127.0.0.1\r\n\r\n", 400),
        ])
    func malformedRequests(_ what: String, _ request: String, _ status: Int) async throws {
        let coffee = try Coffee()
        let server = try ServeProcess(database: coffee.database)
        defer { _ = server.stop() }
        let answer = try Self.exchange(server.port, request)
        #expect(answer.status == status, "\(what): \(answer.text.prefix(300))")
        #expect(answer.headers["content-type"] == "application/problem+json", "\(what)")
        #expect(answer.headers["x-request-id"]?.isEmpty == false, "\(what)")
        #expect(answer.headers["connection"] == "close", "\(what)")
        #expect(answer.problem?["status"] as? Int == status, "\(what)")
        #expect((answer.problem?["detail"] as? String)?.isEmpty == false, "\(what)")
        #expect(answer.closed, "\(what): the connection stayed open")
        // The server goes on serving.
        #expect(try await HTTP.get(server.url + "/health").0 == 200)
    }

    // MARK: - Slow clients

    @Test("headers trickled a byte at a time are cut at --header-timeout with a 408 problem, whatever the idle timeout")
    func trickledHeaders() throws {
        let coffee = try Coffee()
        let server = try ServeProcess(
            storage: ["--db", coffee.database], options: ["--header-timeout", "2", "--idle-timeout", "30"])
        defer { _ = server.stop() }
        let connection = try #require(RawConnection(port: server.port))
        let head = "GET /menu HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: \(String(repeating: "a", count: 40))\r\n\r\n"
        let started = Date()
        let answer = Self.trickle(head, to: connection, every: 0.4)
        let elapsed = Date().timeIntervalSince(started)
        #expect(answer.closed, "the connection is still open after \(elapsed) s")
        // Not before the deadline; exactly at it is checked on an injected clock (ConnectionDeadlineTests).
        #expect(elapsed >= 1.8, "cut after \(elapsed) s, before --header-timeout")
        #expect(answer.text.hasPrefix("HTTP/1.1 408"), "\(answer.text)")
        #expect(answer.text.lowercased().contains("x-request-id: "))
        #expect(answer.text.contains("headerTimeout"))
    }

    @Test("a trickled body is cut after --body-timeout plus its bytes at --body-min-rate; one in many writes is placed")
    func trickledBody() throws {
        let coffee = try Coffee()
        let server = try ServeProcess(
            storage: ["--db", coffee.database],
            options: ["--body-timeout", "2", "--body-min-rate", "500", "--idle-timeout", "30"])
        defer { _ = server.stop() }
        let connection = try #require(RawConnection(port: server.port))
        connection.send(
            "POST /orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
                + "\(Self.latte.utf8.count)\r\nX-Request-ID: slow-body-1\r\n\r\n")
        let started = Date()
        let answer = Self.trickle(Self.latte, to: connection, every: 0.4)
        let elapsed = Date().timeIntervalSince(started)
        #expect(answer.closed, "the connection is still open after \(elapsed) s")
        #expect(elapsed >= 1.8, "cut after \(elapsed) s, before --body-timeout")
        #expect(answer.text.hasPrefix("HTTP/1.1 408"), "\(answer.text)")
        #expect(answer.text.lowercased().contains("x-request-id: slow-body-1"))
        #expect(try coffee.orders().isEmpty)

        // A body that keeps up is never cut, however long it takes: ConnectionDeadlineTests show it
        // on an event loop's clock moved by hand. Here, the same server places an 8,000-byte body
        // sent in writes of 400 bytes, with no pause to depend on a machine's speed.
        let padded = Self.latte.dropLast() + String(repeating: " ", count: 8000 - Self.latte.utf8.count) + "}"
        let steady = try #require(RawConnection(port: server.port))
        steady.send(
            "POST /orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
                + "\(padded.utf8.count)\r\nConnection: close\r\n\r\n")
        var rest = Substring(padded)
        while !rest.isEmpty {
            steady.send(String(rest.prefix(400)))
            rest = rest.dropFirst(400)
        }
        let placed = steady.readToEnd(timeout: 60)
        #expect(placed.text.hasPrefix("HTTP/1.1 201"), "\(placed.text)")
        #expect(try coffee.orders().count == 1)
    }

    // MARK: - Helpers

    /// Sends `text` one byte every `interval` seconds, reading in between; stops when the server closes.
    private static func trickle(_ text: String, to connection: RawConnection, every interval: TimeInterval) -> (
        text: String, closed: Bool
    ) {
        var received = ""
        for character in text {
            connection.send(String(character))
            let answer = connection.readToEnd(timeout: interval)
            received += answer.text
            if answer.closed { return (received, true) }
        }
        let last = connection.readToEnd(timeout: 60)
        return (received + last.text, last.closed)
    }

    /// One request's answer on a new connection: status, headers (names lower-cased), the problem body, whether closed.
    private static func exchange(_ port: Int, _ request: String) throws -> Answer {
        let connection = try #require(RawConnection(port: port))
        connection.send(request)
        let answer = connection.readToEnd(timeout: 60)
        return Answer(text: answer.text, closed: answer.closed)
    }

    struct Answer {
        let text: String
        let closed: Bool

        var status: Int { text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0 }

        var headers: [String: String] {
            let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
            var fields: [String: String] = [:]
            for line in head.components(separatedBy: "\r\n").dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                    in: .whitespaces)
            }
            return fields
        }

        var problem: [String: Any]? {
            let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
            return (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
        }
    }
}
