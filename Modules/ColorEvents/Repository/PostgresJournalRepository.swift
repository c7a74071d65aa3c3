import ColorEventsEntity
import Core
import Foundation
import Postgres
import PostgresNIO

/// The journal in a PostgreSQL database (`ColorEventsSchema.postgres`) that several servers and
/// commands share: one row of `journal_events` per sent event, and a `NOTIFY` on every append.
///
/// Appends take turns under an advisory lock held until they commit, and each takes the next
/// number after the last committed one. So sequence numbers grow in commit order, which a
/// follower relies on: with a plain sequence, 5 could commit before 4, and a reader past 5 would
/// never see 4. The notification goes out with the commit, never before the row is readable.
public struct PostgresJournalRepository: JournalRepository {
    private let database: PostgresStore

    /// A journal over a database migrated with `ColorEventsSchema.postgres`.
    public init(database: PostgresStore) { self.database = database }

    /// Appends a row in its own transaction, numbered after the last, and notifies the listeners.
    public func append(_ event: Event, sentAt: Date, colors: [RGBColor]) async throws -> JournalEntry {
        let milliseconds = sentAt.millisecondsSince1970
        let colorText = colors.map(\.hex).joined(separator: " ")
        let logger = database.statementLogger
        let sequence = try await database.write { connection in
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(ColorEventsSchema.appendLock))", logger: logger)
            let rows = try await connection.query(
                """
                INSERT INTO journal_events (sequence, event, sent_at, colors)
                SELECT COALESCE(MAX(sequence), 0) + 1, \(event.rawValue), \(milliseconds), \(colorText)
                FROM journal_events
                RETURNING sequence
                """, logger: logger)
            var sequence: Int64 = 0
            for try await number in rows.decode(Int64.self) { sequence = number }
            try await connection.query(
                "SELECT pg_notify(\(ColorEventsSchema.appendedChannel), \(String(sequence)))", logger: logger)
            return sequence
        }
        return JournalEntry(
            sequence: sequence, event: event, sentAt: Date(millisecondsSince1970: milliseconds), colors: colors)
    }

    /// The last `limit` rows, oldest first.
    ///
    /// - Throws: `ColorEventsError.unknownStoredEvent` or `.damagedColor` for a row this version cannot read.
    public func entries(limit: Int?) async throws -> [JournalEntry] {
        try await read(
            """
            SELECT sequence, event, sent_at, colors FROM (
                SELECT sequence, event, sent_at, colors FROM journal_events ORDER BY sequence DESC LIMIT \(limit)
            ) AS last ORDER BY sequence
            """)
    }

    /// The rows after `sequence`, oldest first: a range of the primary key, however long the journal.
    ///
    /// - Throws: as `entries(limit:)`.
    public func entries(after sequence: Int64) async throws -> [JournalEntry] {
        try await read(
            "SELECT sequence, event, sent_at, colors FROM journal_events WHERE sequence > \(sequence) ORDER BY sequence"
        )
    }

    /// A wake-up on every append's commit, from any process: `LISTEN` on `ColorEventsSchema.appendedChannel`.
    public func changes() -> AsyncStream<Void>? {
        database.notifications(on: ColorEventsSchema.appendedChannel)
    }

    private func read(_ query: PostgresQuery) async throws -> [JournalEntry] {
        let logger = database.statementLogger
        return try await database.withConnection(.read) { connection in
            var entries: [JournalEntry] = []
            let rows = try await connection.query(query, logger: logger)
            for try await (sequence, event, sentAt, colors) in rows.decode((Int64, String, Int64, String).self) {
                entries.append(
                    try JournalEntry.stored(sequence: sequence, event: event, sentAt: sentAt, colors: colors))
            }
            return entries
        }
    }
}
