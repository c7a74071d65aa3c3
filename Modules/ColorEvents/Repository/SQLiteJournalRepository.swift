import ColorEventsEntity
import Core
import Database
import Foundation

/// The journal in SQLite (the feature's own file, `color-events.sqlite`): one row of `journal_events` per sent event.
public struct SQLiteJournalRepository: JournalRepository {
    private let database: AppDatabase

    /// Uses a database opened with `ColorEventsSchema`.
    public init(database: AppDatabase) { self.database = database }

    /// Appends a row in its own transaction; SQLite's AUTOINCREMENT numbers it.
    public func append(_ event: Event, sentAt: Date, colors: [RGBColor]) async throws -> JournalEntry {
        let milliseconds = sentAt.millisecondsSince1970
        return try await database.write { db in
            try db.execute(
                sql: "INSERT INTO journal_events (event, sent_at, colors) VALUES (?, ?, ?)",
                arguments: [event.rawValue, milliseconds, colors.map(\.hex).joined(separator: " ")])
            return JournalEntry(
                sequence: db.lastInsertedRowID, event: event, sentAt: Date(millisecondsSince1970: milliseconds),
                colors: colors)
        }
    }

    /// The last `limit` rows, oldest first.
    ///
    /// - Throws: `ColorEventsError.unknownStoredEvent` or `.damagedColor` for a row this version cannot read.
    public func entries(limit: Int?) async throws -> [JournalEntry] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM (SELECT sequence, event, sent_at, colors FROM journal_events ORDER BY sequence DESC LIMIT ?)
                    ORDER BY sequence
                    """,
                arguments: [limit ?? -1]
            ).map(Self.entry)
        }
    }

    /// The rows after `sequence`, oldest first: a lookup on the primary key, however long the journal.
    ///
    /// - Throws: as `entries(limit:)`.
    public func entries(after sequence: Int64) async throws -> [JournalEntry] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT sequence, event, sent_at, colors FROM journal_events WHERE sequence > ? ORDER BY sequence",
                arguments: [sequence]
            ).map(Self.entry)
        }
    }

    private static func entry(_ row: Row) throws(ColorEventsError) -> JournalEntry {
        try .stored(sequence: row["sequence"], event: row["event"], sentAt: row["sent_at"], colors: row["colors"])
    }
}
