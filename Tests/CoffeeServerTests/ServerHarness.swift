import CoffeeEntity
import CoffeeServer
import CoffeeUseCase
import Core
import Foundation
import HTTPServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The server over in-memory use cases whose clock stands still, knowing the harness's staff and reports tokens.
func inMemoryServer() -> CoffeeServer {
    CoffeeServer(
        useCase: .inMemory(
            tokens: [
                APIToken.hash(of: ServerHarness.staffToken): APIToken(name: "till", role: .staff, createdAt: Date()),
                APIToken.hash(of: ServerHarness.reportsToken): APIToken(
                    name: "board", role: .reports, createdAt: Date()),
            ], clock: .fixed(Date(timeIntervalSince1970: 1_773_480_000))))
}

/// A `CoffeeServer` on a free loopback port for the length of one test.
enum ServerHarness {
    /// Starts the server, runs `body` with its base URL, then stops it.
    static func with(_ server: CoffeeServer, _ body: (URL) async throws -> Void) async throws {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task {
            try await server.run(host: "127.0.0.1", port: 0, quiet: true) { _, port in continuation.yield(port) }
        }
        defer { task.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next(), "the server did not start")
        try await body(try #require(URL(string: "http://127.0.0.1:\(port)")))
        task.cancel()
        _ = await task.result
    }

    /// The staff token `inMemoryServer()` knows, sent by `send` unless told otherwise.
    static let staffToken = "coffee_test-staff-token"
    /// A reports token `inMemoryServer()` knows.
    static let reportsToken = "coffee_test-reports-token"

    /// Sends one request (as staff unless `token` says otherwise) and returns the status and the body.
    static func send(
        _ method: String, _ url: URL, body: Data? = nil, token: String? = staffToken, headers: [String: String] = [:]
    ) async throws -> (status: Int, body: Data) {
        let answer = try await exchange(method, url, body: body, token: token, headers: headers)
        return (answer.status, answer.body)
    }

    /// Sends one request and returns the status, the headers (names lower-cased) and the body.
    static func exchange(
        _ method: String, _ url: URL, body: Data? = nil, token: String? = staffToken, headers: [String: String] = [:]
    ) async throws -> (status: Int, headers: [String: String], body: Data) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return (http?.statusCode ?? 0, fields, data)
    }
}
