import ColorEventsEntity
import Core
import Database
import Foundation

/// The journal in SQLite (the feature's own file, `color-events.sqlite`): one row per sent event.
public struct SQLiteEventJournal: EventJournal {
    /// The database file's name under the data directory.
    public static let fileName = "color-events.sqlite"

    private let database: AppDatabase

    /// Uses an opened, migrated database (see `migrator`).
    public init(database: AppDatabase) { self.database = database }

    /// The schema: `event_journal(sequence, event, sent_at, colors)`, colours as `#RRGGBB` joined by spaces.
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-event-journal") { db in
            try db.create(table: "event_journal") { table in
                table.autoIncrementedPrimaryKey("sequence")
                table.column("event", .text).notNull()
                table.column("sent_at", .double).notNull()
                table.column("colors", .text).notNull().defaults(to: "")
            }
        }
        return migrator
    }

    /// Appends a row in its own transaction.
    public func append(_ event: Event, sentAt: Date, colors: [RGBColor]) throws -> JournalEntry {
        do {
            return try database.writer.write { db in
                try db.execute(
                    sql: "INSERT INTO event_journal (event, sent_at, colors) VALUES (?, ?, ?)",
                    arguments: [event.rawValue, sentAt.timeIntervalSince1970, colors.map(\.hex).joined(separator: " ")])
                return JournalEntry(sequence: db.lastInsertedRowID, event: event, sentAt: sentAt, colors: colors)
            }
        } catch {
            throw MessageError.storage("appending \(event.rawValue) to the journal", error)
        }
    }

    /// The last `limit` rows, oldest first.
    public func entries(limit: Int?) throws -> [JournalEntry] {
        let rows: [Row]
        do {
            rows = try database.writer.read { db in
                try Row.fetchAll(
                    db,
                    sql: "SELECT * FROM (SELECT sequence, event, sent_at, colors FROM event_journal ORDER BY sequence DESC LIMIT ?) ORDER BY sequence",
                    arguments: [limit ?? -1])
            }
        } catch {
            throw MessageError.storage("reading the journal", error)
        }
        return try rows.map(Self.entry)
    }

    private static func entry(_ row: Row) throws -> JournalEntry {
        let sequence: Int64 = row["sequence"]
        let name: String = row["event"]
        let colorText: String = row["colors"]
        guard let event = Event(rawValue: name) else {
            throw MessageError.badData("journal entry \(sequence) names an unknown event '\(name)'; the journal was written by another version")
        }
        let colors = try colorText.split(separator: " ").map { hex in
            guard let color = RGBColor(hex: String(hex)) else {
                throw MessageError.badData("journal entry \(sequence) holds a bad colour '\(hex)'; the journal is damaged")
            }
            return color
        }
        let sentAt: Double = row["sent_at"]
        return JournalEntry(sequence: sequence, event: event, sentAt: Date(timeIntervalSince1970: sentAt), colors: colors)
    }
}
