import CoffeeEntity
import CoffeeFactory
import CoffeeRepository
import CoffeeServer
import CoffeeUseCase
import Core
import Foundation
import HTTPClient
import Synchronization
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The feature served on a free loopback port while `body` runs with its URL.
func serving(_ feature: CoffeeFeature, _ body: (URL) async throws -> Void) async throws {
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let task = Task {
        try await feature.serve(host: "127.0.0.1", port: 0, quiet: true) { _, port in continuation.yield(port) }
    }
    defer { task.cancel() }
    var iterator = ports.makeAsyncIterator()
    let port = try #require(await iterator.next())
    try await body(try #require(URL(string: "http://127.0.0.1:\(port)")))
    task.cancel()
    _ = await task.result
}

/// The error an operation throws, or `nil`.
func failure(_ work: () async throws -> Void) async -> (any Error)? {
    do {
        try await work()
        return nil
    } catch {
        return error
    }
}

@Suite("The server and the Remote repository together")
struct LocalAndRemoteTests {
    @Test("every use case gives the same result through a server as on the database itself")
    func sameThroughServer() async throws {
        let directory = try TemporaryDirectory()
        let local = try CoffeeFactory.live(databaseURL: directory.path("coffee.sqlite"))
        let token = try await local.useCase.createToken(name: "till", role: .staff).secret
        try await serving(local) { url in
            let remote = try CoffeeFactory.remote(serverURL: url, token: token).useCase
            #expect(try await remote.menu() == .standard)
            let placed = try await remote.place(customer: "Ada", coffee: "flat white", size: "large")
            #expect(placed.totalCents == 525)
            #expect(try await local.useCase.show(placed.idString) == placed)

            let second = try await local.useCase.place(customer: "Bob", coffee: "Espresso", size: "small")
            let query = OrderQuery(sort: .total)
            #expect(try await remote.list(query) == (try await local.useCase.list(query)))
            #expect(try await remote.list(OrderQuery(customer: "bob")).map(\.id) == [second.id])

            #expect(try await remote.advance(String(placed.idString.prefix(6))).status == .preparing)
            #expect(try await local.useCase.show(placed.idString).status == .preparing)
            #expect(try await remote.cancel(placed.idString).status == .cancelled)

            let report = try await remote.report(day: nil)
            #expect(report == (try await local.useCase.report(day: nil)))
            #expect(report.totalRevenueCents == 300)

            #expect(try await remote.delete(second.shortID).id == second.id)
            #expect(try await local.useCase.list(OrderQuery()).map(\.id) == [placed.id])
        }
    }

    @Test("errors come back through the server as the same CoffeeError case")
    func sameErrors() async throws {
        // Incrementing ids: 00000000-…-000000000001 and …02 share the prefix `0`.
        let local = CoffeeFactory.inMemory(ids: .incrementing())
        let order = try await local.useCase.place(customer: "Ada", coffee: "Latte", size: "small")
        for _ in 0..<3 { _ = try await local.useCase.advance(order.idString) }
        let second = try await local.useCase.place(customer: "Bob", coffee: "Latte", size: "small")
        let token = try await local.useCase.createToken(name: "till", role: .staff).secret
        try await serving(local) { url in
            let remote = try CoffeeFactory.remote(serverURL: url, token: token).useCase
            let cases: [(CoffeeError, @Sendable (CoffeeUseCase) async throws -> Void)] = [
                (.emptyCustomer, { _ = try await $0.place(customer: " ", coffee: "Latte", size: "small") }),
                (
                    .invalidOrder(problems: [.emptyCustomer, .missingSize]),
                    { _ = try await $0.place(customer: "", coffee: "Latte", size: "") }
                ),
                (
                    .customerTooLong(length: 61, limit: 60),
                    {
                        _ = try await $0.place(
                            customer: String(repeating: "x", count: 61), coffee: "Latte", size: "small")
                    }
                ),
                (
                    .notOnMenu(coffee: "Tea", menu: Menu.standard.items.map(\.name)),
                    { _ = try await $0.place(customer: "A", coffee: "Tea", size: "small") }
                ),
                (
                    .unknownSize(size: "venti"),
                    { _ = try await $0.place(customer: "A", coffee: "Latte", size: "venti") }
                ),
                (
                    .forbiddenMove(order: order.shortID, from: .completed, to: .cancelled),
                    { _ = try await $0.cancel(order.idString) }
                ),
                (.orderIsFinal(order: order.shortID, status: .completed), { _ = try await $0.advance(order.idString) }),
                (.orderNotFound(id: "ffff"), { _ = try await $0.show("ffff") }),
                (.notAnOrderID(text: "zz"), { _ = try await $0.show("zz") }),
                (
                    .ambiguousID(prefix: "0", matches: [order.idString, second.idString]),
                    { _ = try await $0.show("0") }
                ),
            ]
            for (expected, operation) in cases {
                let localError = await failure { try await operation(local.useCase) } as? CoffeeError
                let remoteError = await failure { try await operation(remote) } as? CoffeeError
                #expect(localError == expected, "\(expected)")
                #expect(remoteError == expected, "\(expected)")
            }
        }
    }

    @Test("a remote feature refuses to serve, and a URL that is no http(s) server is refused")
    func remoteLimits() async throws {
        let ftp = try #require(URL(string: "ftp://example"))
        #expect(throws: CoffeeError.notAServerURL(url: "ftp://example")) { try CoffeeFactory.remote(serverURL: ftp) }
        #expect(throws: CoffeeError.notAServerURL(url: "file:///tmp/x")) {
            try CoffeeFactory.remote(serverURL: URL(fileURLWithPath: "/tmp/x"))
        }
        let remote = try CoffeeFactory.remote(serverURL: try #require(URL(string: "http://127.0.0.1:9")))
        await #expect(throws: CoffeeError.remoteCannotServe) {
            try await remote.serve(host: "127.0.0.1", port: 0) { _, _ in }
        }
    }

    @Test("a port that is taken is the feature's portInUse, naming the address")
    func portTaken() async throws {
        try await serving(CoffeeFactory.inMemory()) { url in
            let port = try #require(url.port)
            let error = await failure {
                try await CoffeeFactory.inMemory().serve(host: "127.0.0.1", port: port, quiet: true) { _, _ in }
            }
            guard case .portInUse(let host, let taken)? = error as? CoffeeError else {
                Issue.record("expected portInUse, got \(String(describing: error))")
                return
            }
            #expect(host == "127.0.0.1" && taken == port)
            #expect(CoffeeError.portInUse(host: host, port: port).kind == .usage)
        }
    }

    @Test("a server that is not running is a network error naming the URL")
    func serverDown() async throws {
        let remote = try CoffeeFactory.remote(
            serverURL: try #require(URL(string: "http://127.0.0.1:9")), retryDelay: 0.01
        ).useCase
        let error = await failure { _ = try await remote.menu() } as? TransferError
        #expect(error?.kind == .network)
        #expect(error?.attempts == 4)
        #expect(error?.request.contains("127.0.0.1:9") == true)
    }

    @Test("a database that cannot be opened is a storage error naming the file")
    func unopenable() throws {
        let directory = try TemporaryDirectory()
        let blocker = directory.path("file")
        try Data("x".utf8).write(to: blocker)
        do {
            _ = try CoffeeFactory.live(databaseURL: blocker.appendingPathComponent("coffee.sqlite"))
            Issue.record("a path under a file was opened")
        } catch let error as StorageError {
            #expect(error.operation == .open)
            #expect(error.path?.contains(blocker.path) == true)
        }
    }
}

/// An in-memory repository that counts the lists it is asked for, with a revision a test sets.
final class CountingRepository: OrderRepository {
    private let orders = InMemoryOrderRepository()
    let listCalls = Mutex(0)
    let currentRevision = Mutex<Int64?>(0)
    /// When set, `ready()` fails as a database that does not answer.
    let down = Mutex(false)

    func menu() async throws -> Menu { try await orders.menu() }
    func list(_ query: OrderQuery) async throws -> [Order] {
        listCalls.withLock { $0 += 1 }
        return try await orders.list(query)
    }
    func get(_ id: Order.ID) async throws -> Order { try await orders.get(id) }
    func add(_ order: Order) async throws -> Order {
        defer { bump() }
        return try await orders.add(order)
    }
    func add(_ order: Order, idempotency: IdempotentRequest) async throws -> Order {
        defer { bump() }
        return try await orders.add(order, idempotency: idempotency)
    }
    func update(_ id: Order.ID, status: OrderStatus, at date: Date) async throws -> Order {
        defer { bump() }
        return try await orders.update(id, status: status, at: date)
    }
    func delete(_ id: Order.ID) async throws -> Order {
        defer { bump() }
        return try await orders.delete(id)
    }
    func revision() async throws -> Int64? { currentRevision.withLock { $0 } }
    func ready() async throws {
        if down.withLock({ $0 }) { throw StorageError(.read, path: nil, reason: "connection refused") }
        try await orders.ready()
    }
    private func bump() { currentRevision.withLock { $0 = $0.map { $0 + 1 } } }
}

/// Runs `body` with the base URL of a `CoffeeServer` over `repository` on a free loopback port.
func withServer(over repository: CountingRepository, _ body: (URL) async throws -> Void) async throws {
    // One staff token, "staff-token", for the routes that need one.
    let tokens = InMemoryOrderRepository(
        tokens: [APIToken.hash(of: "staff-token"): APIToken(name: "till", role: .staff, createdAt: Date())])
    let server = CoffeeServer(useCase: CoffeeUseCase(repository: repository, tokens: tokens))
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let task = Task {
        try await server.run(host: "127.0.0.1", port: 0, quiet: true) { _, port in continuation.yield(port) }
    }
    defer { task.cancel() }
    var iterator = ports.makeAsyncIterator()
    let port = try #require(await iterator.next())
    try await body(try #require(URL(string: "http://127.0.0.1:\(port)")))
}

@Suite("GET /ready")
struct ReadinessTests {
    @Test("200 while the repository answers; a 503 problem, and a remote client's error, when it does not")
    func ready() async throws {
        let repository = CountingRepository()
        try await withServer(over: repository) { base in try await check(base, repository) }
    }

    private func check(_ base: URL, _ repository: CountingRepository) async throws {
        let remote = RemoteOrderRepository(
            baseURL: base, client: HTTPClient(configuration: .init(userAgent: "coffee-tests", maxAttempts: 1)))

        let (body, response) = try await URLSession.shared.data(from: base.appendingPathComponent("ready"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: body, as: UTF8.self) == #"{"status":"ready"}"# + "\n")
        try await remote.ready()

        repository.down.withLock { $0 = true }
        let (problem, failed) = try await URLSession.shared.data(from: base.appendingPathComponent("ready"))
        let http = try #require(failed as? HTTPURLResponse)
        #expect(http.statusCode == 503)
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "application/problem+json")
        #expect(http.value(forHTTPHeaderField: "Retry-After") == "1")
        let text = String(decoding: problem, as: UTF8.self)
        #expect(text.contains(#""status":503"#) && text.contains(#""kind":"storage""#))
        // The cause in the server's words; the storage's own text stays out of the answer.
        #expect(text.contains("not ready: the database failed") && !text.contains("connection refused"))
        // The HTTP client takes a 503 as a transfer failure worth a retry, as for any other route.
        await #expect(throws: TransferError.self) { try await remote.ready() }
        // /health stays 200: the process is alive, only not ready.
        let (_, health) = try await URLSession.shared.data(from: base.appendingPathComponent("health"))
        #expect((health as? HTTPURLResponse)?.statusCode == 200)
    }
}

@Suite("The server's list cache")
struct ListCacheTests {
    func get(_ url: URL) async throws -> Data {
        var request = URLRequest(url: url)
        request.setValue("Bearer staff-token", forHTTPHeaderField: "Authorization")
        return try await URLSession.shared.data(for: request).0
    }

    @Test("lists come from the cache while the revision stays, and fresh after any change")
    func listCache() async throws {
        let repository = CountingRepository()
        try await withServer(over: repository) { base in try await check(base, repository) }
    }

    private func check(_ base: URL, _ repository: CountingRepository) async throws {
        let list = base.appendingPathComponent("orders")

        let first = try await get(list)
        let second = try await get(list)
        #expect(first == second)
        #expect(repository.listCalls.withLock { $0 } == 1)

        var request = URLRequest(url: list)
        request.httpMethod = "POST"
        request.httpBody = Data(#"{"customer":"Ada","coffee":"Latte","size":"small"}"#.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        _ = try await URLSession.shared.data(for: request)
        #expect(String(decoding: try await get(list), as: UTF8.self).contains("Ada"))
        #expect(repository.listCalls.withLock { $0 } == 2)

        // A repository that cannot tell its revision is never cached.
        repository.currentRevision.withLock { $0 = nil }
        _ = try await get(list)
        _ = try await get(list)
        #expect(repository.listCalls.withLock { $0 } == 4)
    }
}

@Suite("Remote orders are retried safely")
struct RemoteRetryTests {
    @Test("a POST whose answer is lost, then a 503, is retried with its key: one order stored, the first answer")
    func lostAnswer() async throws {
        let directory = try TemporaryDirectory()
        let local = try CoffeeFactory.live(databaseURL: directory.path("coffee.sqlite"))
        try await serving(local) { url in
            let live = HTTPTransport.live
            let attempts = Mutex<[String?]>([])
            // The server gets and commits the first attempt, but its answer is lost on the way back;
            // the second attempt is answered 503 by a "proxy"; the third gets through.
            let lossy = HTTPTransport { request, limits in
                guard request.method == "POST" else { return try await live.send(request, limits) }
                let count = attempts.withLock { list in
                    list.append(request.headers["Idempotency-Key"])
                    return list.count
                }
                switch count {
                case 1:
                    _ = try await live.send(request, limits)
                    throw HTTPTransportError.connectionFailed("connection reset by peer")
                case 2: return HTTPResponse(status: 503, headers: ["retry-after": "0"])
                default: return try await live.send(request, limits)
                }
            }
            let remote = try CoffeeFactory.remote(
                serverURL: url, random: .seeded(7), transport: lossy, retryDelay: 0.01
            ).useCase
            let placed = try await remote.place(customer: "Ada", coffee: "Latte", size: "small")
            let keys = attempts.withLock { $0 }
            #expect(keys.count == 3)
            #expect(Set(keys).count == 1 && keys.first != nil, "every attempt carries the same key: \(keys)")
            let stored = try await local.useCase.list(OrderQuery())
            #expect(stored == [placed])
        }
    }
}
