import Foundation

/// A `POST /orders` sent with an `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header):
/// the key the client chose and the fingerprint of what it asked.
///
/// The key is stored beside its order, never in the order's id. The order gets a random id like
/// any other, and its row keeps `keyDigest` (the SHA-256 of the key) under a unique index, so a
/// key places at most one order with no second row to write. The first request with a key places
/// the order; a repeat with the same fingerprint gets that order back as it was first answered
/// (`firstAnswer(_:)`); the same key with another fingerprint is refused
/// (`CoffeeError.idempotencyKeyReused`, 422). A key is remembered for as long as its order is
/// stored; after staff delete the order, the key places a new order under a new random id.
///
/// Why a random id rather than a keyed hash of the key (HMAC with a secret per database): the
/// id is what `GET /orders/{id}` needs, so it must not be computable from anything a client may
/// guess, and a key must never bring a deleted order's id back. A hash of the key, however keyed,
/// gives the same id to the same key forever: after a delete the key would revive the id unless a
/// tombstone row were kept, and the secret would have to be created, shared by every server,
/// backed up and never leaked. A random id is unguessable by construction, is new after a
/// delete, and costs one index entry beside the order (a partial unique index on keyed orders).
public struct IdempotentRequest: Sendable, Equatable {
    /// The longest key accepted (the draft leaves it to the server; a UUID has 36 characters).
    public static let maxKeyLength = 255

    /// The client's key, as sent (the structured-field string's content, unescaped).
    public let key: String
    /// SHA-256 (hexadecimal) of the canonical request: method, path and body bytes.
    public let fingerprint: String

    /// A request with `key`, checked: 1 to 255 printable ASCII characters (space included), what
    /// a structured-field string may hold.
    ///
    /// - Throws: `CoffeeError.notAnIdempotencyKey` for anything else.
    public init(key: String, fingerprint: String) throws(CoffeeError) {
        guard !key.isEmpty, key.utf8.count <= Self.maxKeyLength, key.utf8.allSatisfy({ (0x20...0x7E).contains($0) })
        else { throw .notAnIdempotencyKey(text: String(key.prefix(Self.maxKeyLength))) }
        self.key = key
        self.fingerprint = fingerprint
    }

    /// The canonical request's fingerprint: SHA-256 of the method, the path and the body bytes,
    /// each ended by a line feed but the body, so no two different requests share one.
    public static func fingerprint(method: String, path: String, body: Data) -> String {
        var canonical = Data("\(method.uppercased())\n\(path)\n".utf8)
        canonical.append(body)
        return sha256Hex(canonical)
    }

    /// What the order's row stores to find the key again: the SHA-256 (hexadecimal) of the key.
    ///
    /// Never sent to a client and never part of an id; fixed in size whatever the key's length.
    public var keyDigest: String {
        sha256Hex(Data(key.utf8))
    }

    /// `key` as the header's value: a structured-field string (RFC 9651), `"` and `\` escaped.
    public static func headerValue(_ key: String) -> String {
        var value = "\""
        for character in key {
            if character == "\"" || character == "\\" { value.append("\\") }
            value.append(character)
        }
        return value + "\""
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
