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

    /// The order a request with `key` places at `seconds`: a new random id each time, as the use case makes it.
    private static func order(
        _ key: IdempotentRequest, at seconds: Double = 1_700_000_000, customer: String = "Ada", id: UUID = UUID()
    ) -> Order {
        let made = Fixtures.order(0, customer: customer, at: seconds)
        return Order(
            id: Order.ID(id), customer: made.customer, coffee: made.coffee, size: made.size,
            totalCents: made.totalCents, status: made.status, createdAt: made.createdAt, updatedAt: made.updatedAt)
    }

    @Test("a repeated key with the same request stores one order and gives the first back", arguments: Backend.allCases)
    func replay(_ backend: Backend) async throws {
        try await backend.withRepositories { first, second in
            let key = try Self.request("k-1")
            let made = Self.order(key)
            let placed = try await first.add(made, idempotency: key)
            #expect(placed == made)
            // The retry carries a later time: the first order comes back instead.
            let again = try await second.add(Self.order(key, at: 1_700_000_100), idempotency: key)
            #expect(again == placed)
            // The replay is the order as first answered, even after it moved on.
            _ = try await first.update(placed.id, status: .preparing, at: Date(timeIntervalSince1970: 1_700_000_050))
            #expect(try await second.add(Self.order(key, at: 1_700_000_200), idempotency: key) == placed)
            #expect(try await first.list(OrderQuery()).map(\.id) == [placed.id])
        }
    }

    @Test("the same key with another request is refused and stores nothing", arguments: Backend.allCases)
    func mismatch(_ backend: Backend) async throws {
        try await backend.withRepositories { first, second in
            let key = try Self.request("k-1")
            _ = try await first.add(Self.order(key), idempotency: key)
            let other = try Self.request("k-1", body: "bob-mocha")
            await #expect(throws: CoffeeError.idempotencyKeyReused(key: "k-1")) {
                try await second.add(Self.order(other, customer: "Bob"), idempotency: other)
            }
            // Other keys and keyless orders are independent of it.
            let second2 = try Self.request("k-2", body: "bob-mocha")
            _ = try await second.add(Self.order(second2, customer: "Bob"), idempotency: second2)
            _ = try await second.add(Fixtures.order(4))
            #expect(try await first.list(OrderQuery()).count == 3)
        }
    }

    @Test(
        "a key holds as long as its order, days later too; once the order is deleted the key places a new one",
        arguments: Backend.allCases)
    func lifetime(_ backend: Backend) async throws {
        try await backend.withRepositories { first, second in
            let key = try Self.request("k-1")
            let placed = try await first.add(Self.order(key), idempotency: key)
            let twoDaysLater = 1_700_000_000 + 2 * 86_400.0
            #expect(try await second.add(Self.order(key, at: twoDaysLater), idempotency: key) == placed)
            _ = try await first.delete(placed.id)
            // A new order under a new random id: the key never brings the deleted order's id back.
            let made = Self.order(key, at: twoDaysLater)
            let renewed = try await second.add(made, idempotency: key)
            #expect(renewed == made && renewed.id != placed.id)
            #expect(try await first.list(OrderQuery()).map(\.createdAt) == [renewed.createdAt])
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
                                    Self.order(key, at: 1_700_000_000 + Double(attempt)), idempotency: key)
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
            try await tokens.addToken(till, hash: APIToken.hash(of: "secret-1"))
            try await tokens.addToken(board, hash: APIToken.hash(of: "secret-2"))
            await #expect(throws: CoffeeError.duplicateTokenName(name: "till-1")) {
                try await other.addToken(till, hash: APIToken.hash(of: "secret-3"))
            }
            #expect(try await other.tokens() == [till, board])
            #expect(try await other.token(hash: APIToken.hash(of: "secret-1")) == till)
            #expect(try await other.token(hash: APIToken.hash(of: "secret-9")) == nil)
            #expect(try await other.revokeToken(named: "till-1") == till)
            #expect(try await tokens.token(hash: APIToken.hash(of: "secret-1")) == nil)
            await #expect(throws: CoffeeError.tokenNotFound(name: "till-1")) {
                try await tokens.revokeToken(named: "till-1")
            }
            #expect(try await tokens.tokens() == [board])
        }
    }
}
