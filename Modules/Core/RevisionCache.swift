import Synchronization

/// Values kept while the data under them has not changed, as told by a revision number.
///
/// A value is stored with the revision read *before* the data was read, so it is never older
/// than its revision; a lookup whose revision matches gets the stored value and skips the
/// work. With no revision (`nil`) nothing is cached, and a `make` that throws stores nothing.
/// The cache holds at most `capacity` values and starts over when full: the keys a server sees
/// (distinct queries, live tokens) are few in practice.
public final class RevisionCache<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        let revision: Int64
        let value: Value
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let capacity: Int

    /// Creates an empty cache of at most `capacity` values.
    public init(capacity: Int = 64) { self.capacity = capacity }

    /// The value for `key` at `revision`: the stored one when it is current, else `make()`'s, stored.
    public func value(for key: String, revision: Int64?, make: () async throws -> Value) async throws -> Value {
        if let revision, let entry = entries.withLock({ $0[key] }), entry.revision == revision {
            return entry.value
        }
        let value = try await make()
        if let revision {
            entries.withLock { entries in
                if entries.count >= capacity, entries[key] == nil { entries.removeAll(keepingCapacity: true) }
                entries[key] = Entry(revision: revision, value: value)
            }
        }
        return value
    }
}
