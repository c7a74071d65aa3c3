import Core
import Foundation

/// A `POST /orders` sent with an `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header):
/// the key the client chose and the fingerprint of what it asked.
///
/// The key names the order: its id is derived from the key (`orderID`), so the orders' own
/// primary key makes a key place at most one order, with no second row to write. The first
/// request with a key places the order; a repeat with the same fingerprint gets that order back
/// as it was first answered (`firstAnswer(_:)`); the same key with another fingerprint is
/// refused (`CoffeeError.idempotencyKeyReused`, 422). A key is remembered for as long as its
/// order is stored (orders are never removed on their own, so well past the draft's usual 24
/// hours); after staff delete the order, the key is free and places a new one.
public struct IdempotentRequest: Sendable, Equatable {
    /// The longest key accepted (the draft leaves it to the server; a UUID has 36 characters).
    public static let maxKeyLength = 255

    /// The client's key, as sent.
    public let key: String
    /// SHA-256 (hexadecimal) of the canonical request: method, path and body bytes.
    public let fingerprint: String

    /// A request with `key`, checked: 1 to 255 visible ASCII characters.
    ///
    /// - Throws: `CoffeeError.notAnIdempotencyKey` for anything else.
    public init(key: String, fingerprint: String) throws(CoffeeError) {
        guard !key.isEmpty, key.utf8.count <= Self.maxKeyLength, key.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else { throw .notAnIdempotencyKey(text: String(key.prefix(Self.maxKeyLength))) }
        self.key = key
        self.fingerprint = fingerprint
    }

    /// The canonical request's fingerprint: SHA-256 of the method, the path and the body bytes,
    /// each ended by a line feed but the body, so no two different requests share one.
    public static func fingerprint(method: String, path: String, body: Data) -> String {
        var canonical = Data("\(method.uppercased())\n\(path)\n".utf8)
        canonical.append(body)
        return SHA256.hex(canonical)
    }

    /// The id of the order this key places: a version 8 UUID from the SHA-256 of the key.
    ///
    /// 122 bits of a hash: two keys share an id as rarely as two random UUIDs do. The key's
    /// prefix keeps these ids apart from any other use of the same hash.
    public var orderID: Order.ID {
        let digest = SHA256.bytes(Data("coffee order\n\(key)".utf8))
        var bytes = Array(digest.prefix(16))
        bytes[6] = bytes[6] & 0x0f | 0x80  // version 8: custom
        bytes[8] = bytes[8] & 0x3f | 0x80  // the RFC 9562 variant
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return Order.ID(uuid)
    }

    /// `stored` as the first request with its key was answered: an order is placed with status
    /// `placed` and its update time equal to its creation time, and only those two change later.
    public static func firstAnswer(_ stored: Order) -> Order {
        Order(
            id: stored.id, customer: stored.customer, coffee: stored.coffee, size: stored.size,
            totalCents: stored.totalCents, status: .placed, createdAt: stored.createdAt, updatedAt: stored.createdAt)
    }

    /// The first order of a key seen again, as first answered; or the refusal of another request under the key.
    ///
    /// - Throws: `CoffeeError.idempotencyKeyReused` when `fingerprint` (the stored order's) is not this request's.
    public func replay(_ stored: Order, fingerprint: String?) throws(CoffeeError) -> Order {
        guard fingerprint == self.fingerprint else { throw .idempotencyKeyReused(key: key) }
        return Self.firstAnswer(stored)
    }
}
