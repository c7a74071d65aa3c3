import CoffeeEntity
import Foundation
import Testing

@Suite("Idempotent requests")
struct IdempotentRequestTests {
    private static func request(_ key: String, body: String = "{}") throws -> IdempotentRequest {
        let fingerprint = IdempotentRequest.fingerprint(method: "post", path: "/orders", body: Data(body.utf8))
        return try IdempotentRequest(key: key, fingerprint: fingerprint)
    }

    @Test("a key names one order: the same id every time, another key another id, a version 8 UUID")
    func orderID() throws {
        let first = try Self.request("3f2a-key").orderID
        #expect(try Self.request("3f2a-key", body: #"{"other":1}"#).orderID == first)
        #expect(try Self.request("3f2a-kez").orderID != first)
        let text = first.rawValue.uuidString
        #expect(Array(text)[14] == "8")
        #expect(["8", "9", "A", "B"].contains(Array(text)[19]))
    }

    @Test("keys are 1 to 255 visible ASCII characters")
    func keys() throws {
        #expect(throws: Never.self) { try Self.request(String(repeating: "k", count: 255)) }
        for bad in ["", String(repeating: "k", count: 256), "a b", "é", "a\tb"] {
            #expect(throws: CoffeeError.self) { try Self.request(bad) }
        }
    }

    @Test("a replay is the order as first answered; another request under the key is refused")
    func replay() throws {
        let key = try Self.request("k")
        let placed = Date(timeIntervalSince1970: 1_700_000_000)
        let moved = Order(
            id: key.orderID, customer: "Ada", coffee: "Latte", size: .small, totalCents: 400, status: .ready,
            createdAt: placed, updatedAt: placed.addingTimeInterval(90))
        let first = try key.replay(moved, fingerprint: key.fingerprint)
        #expect(first.status == .placed && first.updatedAt == placed && first.customer == "Ada")
        #expect(throws: CoffeeError.idempotencyKeyReused(key: "k")) {
            try key.replay(moved, fingerprint: try Self.request("k", body: "[]").fingerprint)
        }
        #expect(throws: CoffeeError.idempotencyKeyReused(key: "k")) { try key.replay(moved, fingerprint: nil) }
    }
}
