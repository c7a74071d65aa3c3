import Foundation
import Hummingbird
import Synchronization

/// Encoded JSON responses kept while the data under them has not changed.
///
/// A body is stored with the revision read *before* the data was read, so it is never older
/// than its revision; a request whose revision matches gets the stored bytes and skips the
/// database and the encoder. With no revision (`nil`) nothing is cached. The cache holds at
/// most `capacity` bodies and starts over when full: distinct queries are few in practice.
public final class ResponseCache: Sendable {
    private struct Entry {
        let revision: Int64
        let body: ByteBuffer
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let capacity: Int

    /// Creates an empty cache of at most `capacity` bodies.
    public init(capacity: Int = 64) { self.capacity = capacity }

    /// The JSON response for `key` at `revision`: the stored body when it is current, else `make()`'s, stored.
    public func response(
        for key: String, revision: Int64?, make: () async throws -> some Encodable
    ) async throws -> Response {
        if let revision, let entry = entries.withLock({ $0[key] }), entry.revision == revision {
            return JSONMessages.response(buffer: entry.body)
        }
        let body = try JSONMessages.body(try await make())
        if let revision {
            entries.withLock { entries in
                if entries.count >= capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
                entries[key] = Entry(revision: revision, body: body)
            }
        }
        return JSONMessages.response(buffer: body)
    }
}
