import ColorEventsEntity
import Core
import Foundation

/// The append-only journal of sent events: nothing is ever changed or removed.
///
/// The bus appends one entry per sent event, with the colours its actions drew, so the
/// screens' state can be rebuilt exactly from the journal alone.
public protocol JournalRepository: Sendable {
    /// Appends an entry and returns it with its sequence number and its time on a whole millisecond.
    ///
    /// Sequence numbers grow in the order appends take effect, also across processes sharing
    /// a file; the bus relies on that to deliver in journal order.
    /// - Throws: `StorageError` when the entry cannot be written; nothing is appended then.
    func append(_ event: Event, sentAt: Date, colors: [RGBColor]) async throws -> JournalEntry

    /// The last `limit` entries (all of them when `nil`), oldest first.
    func entries(limit: Int?) async throws -> [JournalEntry]

    /// Every entry whose sequence number is above `sequence`, oldest first: what was appended since.
    func entries(after sequence: Int64) async throws -> [JournalEntry]
}

extension JournalRepository {
    /// Every entry, oldest first.
    public func allEntries() async throws -> [JournalEntry] { try await entries(limit: nil) }
}
