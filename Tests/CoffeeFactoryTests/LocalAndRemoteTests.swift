import CoffeeEntity
import CoffeeFactory
import CoffeeUseCase
import Core
import Foundation
import TestSupport
import Testing

/// The feature served on a free loopback port while `body` runs with its URL.
func serving(_ feature: CoffeeFeature, _ body: (String) async throws -> Void) async throws {
    let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
    let task = Task { try await feature.serve(host: "127.0.0.1", port: 0, quiet: true) { _, port in continuation.yield(port) } }
    defer { task.cancel() }
    var iterator = ports.makeAsyncIterator()
    let port = try #require(await iterator.next())
    try await body("http://127.0.0.1:\(port)")
    task.cancel()
    _ = await task.result
}

/// The error an operation throws, or `nil`.
func failure(_ work: () async throws -> Void) async -> MessageError? {
    do {
        try await work()
        return nil
    } catch {
        return MessageError.wrap(error)
    }
}

@Suite("The server and the Remote repository together")
struct LocalAndRemoteTests {
    @Test("every use case gives the same result through a server as on the database itself")
    func sameThroughServer() async throws {
        let directory = try TemporaryDirectory()
        let local = try CoffeeFactory.local(databasePath: directory.path("coffee.sqlite").path)
        try await serving(local) { url in
            let remote = try CoffeeFactory.remote(serverURL: url).useCase
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

    @Test("errors come back with the same kind and message as a local run")
    func sameErrors() async throws {
        let local = CoffeeFactory.inMemory()
        let order = try await local.useCase.place(customer: "Ada", coffee: "Latte", size: "small")
        for _ in 0..<3 { _ = try await local.useCase.advance(order.idString) }
        try await serving(local) { url in
            let remote = try CoffeeFactory.remote(serverURL: url).useCase
            let cases: [(String, @Sendable (any CoffeeOrdering) async throws -> Void)] = [
                ("empty name", { _ = try await $0.place(customer: " ", coffee: "Latte", size: "small") }),
                ("unknown coffee", { _ = try await $0.place(customer: "A", coffee: "Tea", size: "small") }),
                ("unknown size", { _ = try await $0.place(customer: "A", coffee: "Latte", size: "venti") }),
                ("cancel completed", { _ = try await $0.cancel(order.idString) }),
                ("advance completed", { _ = try await $0.advance(order.shortID) }),
                ("missing", { _ = try await $0.show("ffff") }),
                ("not an id", { _ = try await $0.show("zz") }),
            ]
            for (name, operation) in cases {
                let localError = await failure { try await operation(local.useCase) }
                let remoteError = await failure { try await operation(remote) }
                #expect(localError != nil, "\(name)")
                #expect(remoteError == localError, "\(name)")
            }
        }
    }

    @Test("a remote feature refuses to serve, and a bad server URL is a usage error")
    func remoteLimits() async throws {
        #expect(throws: MessageError.self) { try CoffeeFactory.remote(serverURL: "ftp://example") }
        #expect(throws: MessageError.self) { try CoffeeFactory.remote(serverURL: "not a url") }
        let remote = try CoffeeFactory.remote(serverURL: "http://127.0.0.1:9")
        let error = await failure { try await remote.serve(host: "127.0.0.1", port: 0) { _, _ in } }
        #expect(error?.kind == .usage)
    }

    @Test("a server that is not running is a network error naming the URL")
    func serverDown() async throws {
        let remote = try CoffeeFactory.remote(serverURL: "http://127.0.0.1:9").useCase
        let error = await failure { _ = try await remote.menu() }
        #expect(error?.kind == .network)
        #expect(error?.message.contains("127.0.0.1:9") == true)
    }
}

@Suite("Where the database lives")
struct DatabaseLocationTests {
    @Test("--db wins over STRATA_COFFEE_DB, which wins over XDG_DATA_HOME")
    func precedence() {
        let environment = ["XDG_DATA_HOME": "/data", "HOME": "/home/ada"]
        #expect(CoffeeFactory.databaseURL(path: nil, environment: environment).path == "/data/strata/coffee.sqlite")
        let withVariable = environment.merging(["STRATA_COFFEE_DB": "/tmp/env.sqlite"]) { $1 }
        #expect(CoffeeFactory.databaseURL(path: nil, environment: withVariable).path == "/tmp/env.sqlite")
        #expect(CoffeeFactory.databaseURL(path: "/tmp/flag.sqlite", environment: withVariable).path == "/tmp/flag.sqlite")
    }

    @Test("a database that cannot be opened is a storage error naming the file")
    func unopenable() throws {
        let directory = try TemporaryDirectory()
        let blocker = directory.path("file")
        try Data("x".utf8).write(to: blocker)
        do {
            _ = try CoffeeFactory.local(databasePath: blocker.appendingPathComponent("coffee.sqlite").path)
            Issue.record("a path under a file was opened")
        } catch let error as MessageError {
            #expect(error.kind == .storage)
            #expect(error.message.contains(blocker.path))
        }
    }
}
