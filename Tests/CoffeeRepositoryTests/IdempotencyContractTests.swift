import CoffeeEntity
import CoffeeRepository
import Core
import Foundation
import Testing

/// Idempotent placing and API tokens, the same on every backend that stores orders.
@Suite("Idempotency keys and tokens contract")
struct IdempotencyContractTests {
    private static func request(_ key: String, body: String = "ada-latte") throws -> IdempotentRequest {
        try IdempotentRequest(
            key: key, fingerprint: IdempotentRequest.fingerprint(method: "POST", path: "/orders", body: Data(body.utf8))
        )
    }

    @Test("a repeated key with the same request stores one order and gives the first back", arguments: Backend.allCases)
    func replay(_ backend: Backend) async throws {
        try await backend.withRepositories { first, second in
            let key = try Self.request("k-1")
            let placed = try await first.add(Fixtures.order(1), idempotency: key)
            #expect(placed == Fixtures.order(1))
            // The retry carries a new order (a new id, a later time): the first one comes back instead.
            let again = try await second.add(Fixtures.order(2, at: 1_700_000_100), idempotency: key)
            #expect(again == placed)
            // The replay is the order as first answered, even after it moved on.
            _ = try await first.update(placed.id, status: .preparing, at: Date(timeIntervalSince1970: 1_700_000_050))
            #expect(try await second.add(Fixtures.order(3, at: 1_700_000_200), idempotency: key) == placed)
            #expect(try await first.list(OrderQuery()).map(\.id) == [placed.id])
        }
    }

    @Test("the same key with another request is refused and stores nothing", arguments: Backend.allCases)
    func mismatch(_ backend: Backend) async throws {
        try await backend.withRepositories { first, second in
            _ = try await first.add(Fixtures.order(1), idempotency: try Self.request("k-1"))
            await #expect(throws: CoffeeError.idempotencyKeyReused(key: "k-1")) {
                try await second.add(Fixtures.order(2), idempotency: try Self.request("k-1", body: "bob-mocha"))
            }
            // Other keys and keyless orders are independent of it.
            _ = try await second.add(Fixtures.order(3), idempotency: try Self.request("k-2", body: "bob-mocha"))
            _ = try await second.add(Fixtures.order(4))
            #expect(try await first.list(OrderQuery()).count == 3)
        }
    }

    @Test("a key is forgotten after its lifetime, and can then place a new order", arguments: Backend.allCases)
    func expiry(_ backend: Backend) async throws {
        try await backend.withRepositories { first, _ in
            let key = try Self.request("k-1")
            let placed = try await first.add(Fixtures.order(1, at: 1_700_000_000), idempotency: key)
            let justBefore = 1_700_000_000 + IdempotentRequest.lifetime - 1
            #expect(try await first.add(Fixtures.order(2, at: justBefore), idempotency: key) == placed)
            let after = 1_700_000_000 + IdempotentRequest.lifetime
            let renewed = try await first.add(
                Fixtures.order(3, at: after), idempotency: try Self.request("k-1", body: "bob-mocha"))
            #expect(renewed == Fixtures.order(3, at: after))
            #expect(try await first.list(OrderQuery()).count == 2)
        }
    }

    @Test(
        "concurrent requests with one key, through two connections: one order, every answer that order or in flight",
        arguments: Backend.allCases)
    func concurrent(_ backend: Backend) async throws {
        try await backend.withRepositories { first, second in
            for round in 0..<10 {
                let key = try Self.request("race-\(round)")
                let outcomes = try await withThrowingTaskGroup(of: Order?.self) { group in
                    for attempt in 0..<4 {
                        let repository = attempt.isMultiple(of: 2) ? first : second
                        group.addTask {
                            do {
                                return try await repository.add(
                                    Fixtures.order(round * 10 + attempt, at: 1_700_000_000), idempotency: key)
                            } catch CoffeeError.idempotencyKeyInFlight {
                                return nil
                            }
                        }
                    }
                    return try await group.reduce(into: [Order?]()) { $0.append($1) }
                }
                let answered = Set(outcomes.compactMap { $0?.id })
                #expect(answered.count == 1, "round \(round): \(outcomes)")
            }
            #expect(try await first.list(OrderQuery()).count == 10)
        }
    }

    @Test("tokens: stored by hash, listed without it, names unique, revoked for good", arguments: Backend.allCases)
    func tokens(_ backend: Backend) async throws {
        try await backend.withRepositories { first, second in
            let tokens = try #require(first as? any TokenRepository)
            let other = try #require(second as? any TokenRepository)
            let till = APIToken(name: "till-1", role: .staff, createdAt: Date(timeIntervalSince1970: 1_700_000_000))
            let board = APIToken(name: "board", role: .reports, createdAt: Date(timeIntervalSince1970: 1_700_000_001))
            try await tokens.addToken(till, hash: SHA256.hex("secret-1"))
            try await tokens.addToken(board, hash: SHA256.hex("secret-2"))
            await #expect(throws: CoffeeError.duplicateTokenName(name: "till-1")) {
                try await other.addToken(till, hash: SHA256.hex("secret-3"))
            }
            #expect(try await other.tokens() == [till, board])
            #expect(try await other.token(hash: SHA256.hex("secret-1")) == till)
            #expect(try await other.token(hash: SHA256.hex("secret-9")) == nil)
            #expect(try await other.revokeToken(named: "till-1") == till)
            #expect(try await tokens.token(hash: SHA256.hex("secret-1")) == nil)
            await #expect(throws: CoffeeError.tokenNotFound(name: "till-1")) {
                try await tokens.revokeToken(named: "till-1")
            }
            #expect(try await tokens.tokens() == [board])
        }
    }
}
