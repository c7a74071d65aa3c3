import Core
import Foundation

/// A `POST /orders` sent with an `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header):
/// the key the client chose and the fingerprint of what it asked.
///
/// The first request with a key places the order; a repeat with the same key and the same
/// fingerprint gets that first order back instead of a second one; the same key with another
/// fingerprint is refused (`CoffeeError.idempotencyKeyReused`, 422). A key is kept for
/// `lifetime` after its order was placed, then forgotten: a lookup ignores it at once, and
/// keyed orders remove expired keys as they go (`sweepsExpiredKeys(_:)`).
public struct IdempotentRequest: Sendable, Equatable {
    /// How long a key is remembered: 24 hours, the floor the issue sets, so a client retrying
    /// across a night's outage is still answered with its first order.
    public static let lifetime: TimeInterval = 24 * 60 * 60
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

    /// When a key used at `date` is forgotten.
    public static func expiry(after date: Date) -> Date { date.addingTimeInterval(lifetime) }

    /// How many expired keys one sweep removes at most.
    public static let sweepLimit = 100

    /// Whether placing `order` also removes expired keys: one keyed order in 16, picked by its
    /// random id. Up to `sweepLimit` per sweep is more than six per keyed order, far more than
    /// arrive, at a sixteenth of the cost of sweeping on every order.
    public static func sweepsExpiredKeys(_ order: Order) -> Bool { order.id.rawValue.uuid.0 & 0x0f == 0 }
}
