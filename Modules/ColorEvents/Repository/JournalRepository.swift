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

    /// A wake-up whenever an entry may have been appended, by this process or another: the
    /// store's own signal (PostgreSQL's `NOTIFY`); `nil` when the store has none, and a reader
    /// that wants to follow asks `entries(after:)` from time to time instead.
    func changes() -> AsyncStream<Void>?
}

extension JournalRepository {
    /// Every entry, oldest first.
    public func allEntries() async throws -> [JournalEntry] { try await entries(limit: nil) }

    /// No signal: a SQLite file or memory tells nobody of an append.
    public func changes() -> AsyncStream<Void>? { nil }
}

extension JournalEntry {
    /// The entry a stored row holds, its event by name and its colours as `#RRGGBB` joined by spaces.
    ///
    /// - Throws: `ColorEventsError.unknownStoredEvent` or `.damagedColor` for a row this version cannot read.
    static func stored(sequence: Int64, event name: String, sentAt: Int64, colors text: String) throws(ColorEventsError)
        -> JournalEntry
    {
        guard let event = Event(rawValue: name) else { throw .unknownStoredEvent(sequence: sequence, name: name) }
        var colors: [RGBColor] = []
        for hex in text.split(separator: " ") {
            guard let color = RGBColor(hex: String(hex)) else {
                throw .damagedColor(sequence: sequence, text: String(hex))
            }
            colors.append(color)
        }
        return JournalEntry(
            sequence: sequence, event: event, sentAt: Date(millisecondsSince1970: sentAt), colors: colors)
    }
}
