import CoffeeEntity
import CoffeeRepository
import Core
import Foundation
import HTTPClient
import TestSupport
import Testing

@Suite("Remote order repository")
struct RemoteOrderRepositoryTests {
    func repository(_ server: LoopbackServer) -> RemoteOrderRepository {
        RemoteOrderRepository(
            baseURL: server.baseURL,
            client: HTTPClient(configuration: .init(userAgent: "coffee-tests", maxAttempts: 1)))
    }

    func json(_ value: some Encodable) throws -> Data { try JSONEncoder().encode(value) }

    @Test("list sends the query as parameters and reads the orders back")
    func list() async throws {
        let orders = [Fixtures.order(1), Fixtures.order(2, customer: "Bob")]
        let body = Data(#"{"orders":"#.utf8) + (try json(orders)) + Data("}".utf8)
        let server = try LoopbackServer(replies: [.respond(status: 200, body: body)])
        let listed = try await repository(server).list(OrderQuery(status: .placed, customer: "Ada L", sort: .total))
        #expect(listed == orders)
        let target = server.requests.first?.target ?? ""
        #expect(target.hasPrefix("/orders?"))
        #expect(
            target.contains("status=placed") && target.contains("customer=Ada%20L") && target.contains("sort=total"))
    }

    @Test("list follows the server's pages to the last; a next that does not move on is an unexpected answer")
    func pages() async throws {
        let first = [Fixtures.order(1), Fixtures.order(2)]
        let cursor = OrderCursor(after: Fixtures.order(2)).text
        func page(_ orders: [Order], next: String?) throws -> Data {
            let tail = next.map { #","next":"\#($0)"}"# } ?? "}"
            return Data(#"{"orders":"#.utf8) + (try json(orders)) + Data(tail.utf8)
        }
        let server = try LoopbackServer(replies: [
            .respond(status: 200, body: try page(first, next: cursor)),
            .respond(status: 200, body: try page([Fixtures.order(3)], next: nil)),
        ])
        #expect(try await repository(server).list(OrderQuery()) == first + [Fixtures.order(3)])
        let targets = server.requests.map(\.target)
        #expect(targets == ["/orders?limit=1000", "/orders?after=\(cursor)&limit=1000"])

        let looping = try LoopbackServer(replies: [
            .respond(status: 200, body: try page(first, next: cursor)),
            .respond(status: 200, body: try page(first, next: cursor)),
        ])
        await #expect(throws: CoffeeError.unexpectedAnswer(request: "GET /orders?after=\(cursor)&limit=1000")) {
            try await repository(looping).list(OrderQuery())
        }
    }

    @Test("add posts customer, coffee and size, and returns the server's order")
    func add() async throws {
        let stored = Fixtures.order(7)
        let server = try LoopbackServer(replies: [.respond(status: 201, body: try json(stored))])
        #expect(try await repository(server).add(Fixtures.order(1)) == stored)
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        let sent = try JSONDecoder().decode([String: String].self, from: request.body)
        #expect(sent == ["customer": "Ada", "coffee": "Latte", "size": "medium"])
    }

    @Test("update sends PATCH with the target status")
    func update() async throws {
        let order = Fixtures.order(3, status: .preparing)
        let server = try LoopbackServer(replies: [.respond(status: 200, body: try json(order))])
        _ = try await repository(server).update(order.id, status: .preparing, at: Date())
        let request = try #require(server.requests.first)
        #expect(request.method == "PATCH")
        #expect(request.target == "/orders/\(order.idString)")
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"status":"preparing"}"#)
    }

    @Test("the server's problem comes back as the same CoffeeError, or as its kind and detail")
    func errorBody() async throws {
        let detailed = Data(
            #"{"type":"urn:strata:problem:conflict","title":"Conflict","status":409,"detail":"…","kind":"conflict","code":"forbiddenMove","failure":{"forbiddenMove":{"order":"00000001","from":"ready","to":"cancelled"}}}"#
                .utf8)
        // A server of another version: a problem without a failure this client knows.
        let plain = Data(
            #"{"type":"urn:strata:problem:conflict","title":"Conflict","status":409,"detail":"the order is locked","kind":"conflict","failure":{"lockedByAnotherVersion":{}}}"#
                .utf8)
        // A problem the feature did not raise (a route the server lacks) carries no failure at all.
        let generic = Data(
            #"{"type":"urn:strata:problem:notFound","title":"Not Found","status":404,"detail":"there is no GET /menu","kind":"notFound"}"#
                .utf8)
        let server = try LoopbackServer(replies: [
            .respond(status: 409, body: detailed), .respond(status: 409, body: plain),
            .respond(status: 404, body: generic),
        ])
        let remote = repository(server)
        await #expect(throws: CoffeeError.forbiddenMove(order: "00000001", from: .ready, to: .cancelled)) {
            try await remote.update(Fixtures.order(1).id, status: .cancelled, at: Date())
        }
        await #expect(throws: CoffeeError.serverFailed(kind: .conflict, message: "the order is locked")) {
            try await remote.menu()
        }
        await #expect(throws: CoffeeError.serverFailed(kind: .notFound, message: "there is no GET /menu")) {
            try await remote.menu()
        }
    }

    @Test("a server that is not an orders server gives a clear remote or bad-data error")
    func notAnOrdersServer() async throws {
        let server = try LoopbackServer(replies: [
            .respond(status: 404, body: Data("<html>nope</html>".utf8)),
            .respond(status: 200, body: Data("<html>hello</html>".utf8)),
        ])
        let remote = repository(server)
        let menu = server.baseURL.appendingPathComponent("/menu").absoluteString
        await #expect(throws: CoffeeError.notAnOrdersServer(request: "GET \(menu)", status: 404)) {
            try await remote.menu()
        }
        await #expect(throws: CoffeeError.unexpectedAnswer(request: "GET \(menu)")) { try await remote.menu() }
        #expect(CoffeeError.notAnOrdersServer(request: "", status: 404).kind == .remote)
        #expect(CoffeeError.unexpectedAnswer(request: "").kind == .badData)
    }
}
