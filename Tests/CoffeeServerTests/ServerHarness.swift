import CoffeeEntity
import CoffeeServer
import CoffeeUseCase
import Core
import Foundation
import Testing
import HTTPServer
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Use cases kept in a list, with the entity rules: enough to drive every route.
final class ListOrdering: CoffeeOrdering {
    private let orders = Mutex<[Order]>([])
    /// How many times `list` ran, and the revision `revision()` reports.
    let listCalls = Mutex(0)
    let currentRevision = Mutex<Int64?>(0)
    let now = Date(timeIntervalSince1970: 1_773_480_000)

    func menu() async throws -> Menu { .standard }
    func place(customer: String, coffee: String, size: String) async throws -> Order {
        let order = try Order.place(id: UUID(), customer: customer, coffee: coffee, size: size, menu: .standard, at: now)
        orders.withLock { $0.append(order) }
        bump()
        return order
    }
    func list(_ query: OrderQuery) async throws -> [Order] {
        listCalls.withLock { $0 += 1 }
        return query.apply(to: orders.withLock { $0 })
    }
    func show(_ id: String) async throws -> Order {
        let prefix = try IDPrefix.validate(id)
        guard let order = orders.withLock({ $0.first { $0.idString.hasPrefix(prefix) } }) else { throw MessageError.orderNotFound(prefix) }
        return order
    }
    func advance(_ id: String) async throws -> Order { try await changeStatus(id, to: try await show(id).nextStatus()) }
    func cancel(_ id: String) async throws -> Order { try await changeStatus(id, to: .cancelled) }
    func changeStatus(_ id: String, to status: OrderStatus) async throws -> Order {
        let moved = try await show(id).moving(to: status, at: now)
        orders.withLock { list in list = list.map { $0.id == moved.id ? moved : $0 } }
        bump()
        return moved
    }
    func delete(_ id: String) async throws -> Order {
        let order = try await show(id)
        orders.withLock { $0.removeAll { $0.id == order.id } }
        bump()
        return order
    }
    func report(day: Day?) async throws -> DailyReport { DailyReport(day: try day ?? Day(parsing: "2026-03-14"), orders: []) }
    func revision() async throws -> Int64? { currentRevision.withLock { $0 } }
    private func bump() { currentRevision.withLock { $0 = $0.map { $0 + 1 } } }
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
        guard let port = await iterator.next() else { throw MessageError.internal("the server did not start") }
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

extension MessageError {
    static func `internal`(_ message: String) -> MessageError { MessageError(.internal, message) }
}
