import CoffeeEntity
import Core
import Foundation
import Testing

@Suite("Idempotent requests")
struct IdempotentRequestTests {
    private static func request(_ key: String, body: String = "{}") throws -> IdempotentRequest {
        let fingerprint = IdempotentRequest.fingerprint(method: "post", path: "/orders", body: Data(body.utf8))
        return try IdempotentRequest(key: key, fingerprint: fingerprint)
    }

    @Test("a key's digest is its SHA-256, whatever the body; its header value is a structured-field string")
    func digestAndHeader() throws {
        let first = try Self.request("3f2a-key").keyDigest
        #expect(try Self.request("3f2a-key", body: #"{"other":1}"#).keyDigest == first)
        #expect(try Self.request("3f2a-kez").keyDigest != first)
        #expect(first == "e0bd2dc9e4a21f7087dbec21d2e7ba1740c98ccc0462b32b8b77c807c1255434")
        #expect(IdempotentRequest.headerValue("abc") == #""abc""#)
        #expect(IdempotentRequest.headerValue(#"a"b\c"#) == #""a\"b\\c""#)
    }

    @Test("a fingerprint is SHA-256 of the method, the path and the body; a token's hash is SHA-256 of the token")
    func digests() throws {
        // Vectors from sha256sum: `printf 'POST\n/orders\n{}' | sha256sum`, `printf 'coffee_secret' | sha256sum`.
        #expect(
            try Self.request("k").fingerprint == "e95704162a994fdba3bf23ce9c63db4966b0adc334c7e38c83a3d2ea02999f72")
        #expect(
            APIToken.hash(of: "coffee_secret") == "f9e44b1f160a5415adeae5c08dff35c54130226a11560f86eb3a5bf3af347bf1")
    }

    @Test("keys are 1 to 255 printable ASCII characters, space included")
    func keys() throws {
        #expect(throws: Never.self) { try Self.request(String(repeating: "k", count: 255)) }
        #expect(throws: Never.self) { try Self.request("a b") }
        for bad in ["", String(repeating: "k", count: 256), "é", "a\tb"] {
            #expect(throws: CoffeeError.self) { try Self.request(bad) }
        }
    }

    @Test("a replay is the order as first answered; another request under the key is refused")
    func replay() throws {
        let key = try Self.request("k")
        let placed = Date(timeIntervalSince1970: 1_700_000_000)
        let moved = Order(
            id: Order.ID(UUID()), customer: "Ada", coffee: "Latte", size: .small, totalCents: 400, status: .ready,
            createdAt: placed, updatedAt: placed.addingTimeInterval(90))
        let first = try key.replay(moved, fingerprint: key.fingerprint)
        #expect(first.status == .placed && first.updatedAt == placed && first.customer == "Ada")
        #expect(throws: CoffeeError.idempotencyKeyReused(key: "k")) {
            try key.replay(moved, fingerprint: try Self.request("k", body: "[]").fingerprint)
        }
        #expect(throws: CoffeeError.idempotencyKeyReused(key: "k")) { try key.replay(moved, fingerprint: nil) }
    }
}
