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

/// The server over in-memory use cases whose clock stands still.
func inMemoryServer() -> CoffeeServer {
    CoffeeServer(useCase: .inMemory(clock: .fixed(Date(timeIntervalSince1970: 1_773_480_000))))
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

    /// Sends one request and returns the status and the body.
    static func send(_ method: String, _ url: URL, body: Data? = nil) async throws -> (status: Int, body: Data) {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }
}
