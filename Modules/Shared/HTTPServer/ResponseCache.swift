import Core
import Hummingbird

/// Encoded JSON responses kept while the data under them has not changed (`RevisionCache`).
///
/// A request whose revision matches gets the stored bytes and skips the database and the
/// encoder. With no revision (`nil`) nothing is cached.
public final class ResponseCache: Sendable {
    private let bodies: RevisionCache<ByteBuffer>

    /// Creates an empty cache of at most `capacity` bodies.
    public init(capacity: Int = 64) { bodies = RevisionCache(capacity: capacity) }

    /// The JSON response for `key` at `revision`: the stored body when it is current, else `make()`'s, stored.
    public func response(
        for key: String, revision: Int64?, make: () async throws -> some Encodable
    ) async throws -> Response {
        let body = try await bodies.value(for: key, revision: revision) { try JSONMessages.body(try await make()) }
        return JSONMessages.response(buffer: body)
    }
}
