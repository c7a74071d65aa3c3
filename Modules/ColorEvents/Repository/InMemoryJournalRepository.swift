import ColorEventsEntity
import Core
import Foundation
import Synchronization

/// A journal kept in memory: for tests, throwaway runs and benchmarks.
public final class InMemoryJournalRepository: JournalRepository {
    private let stored = Mutex<[JournalEntry]>([])

    public init() {}

    /// Appends an entry; it never fails. Times are cut to whole milliseconds, as SQLite stores them.
    public func append(_ event: Event, sentAt: Date, colors: [RGBColor]) async throws -> JournalEntry {
        stored.withLock { entries in
            let entry = JournalEntry(
                sequence: Int64(entries.count + 1), event: event, sentAt: sentAt.wholeMilliseconds, colors: colors)
            entries.append(entry)
            return entry
        }
    }

    /// The entries after `sequence`, oldest first: entry `n` is at index `n - 1`, so no search.
    public func entries(after sequence: Int64) async throws -> [JournalEntry] {
        stored.withLock { entries in Array(entries.dropFirst(Int(clamping: max(0, sequence)))) }
    }

    /// The last `limit` entries, oldest first.
    public func entries(limit: Int?) async throws -> [JournalEntry] {
        stored.withLock { entries in Array(entries.suffix(max(0, limit ?? entries.count))) }
    }
}
