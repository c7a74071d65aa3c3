import Database

/// The ColorEvents database: its migrations, and the ids older files recorded them under.
public enum ColorEventsSchema {
    /// `journal_events(sequence, event, sent_at, colors)`: colours as `#RRGGBB` joined by spaces,
    /// `sent_at` in whole milliseconds since 1970 (Core/StoredTime.swift says why).
    /// SQLite's `application_id` of this feature's files ("STCE" in ASCII): a file holding another
    /// feature's number is refused as not ours, though its migration ids look alike.
    public static let applicationID: Int32 = 0x5354_4345

    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        // v1 stays exactly as it shipped (as "v1-event-journal"), so files it wrote are recognised.
        migrator.registerMigration("v1") { db in
            try db.create(table: "event_journal") { table in
                table.autoIncrementedPrimaryKey("sequence")
                table.column("event", .text).notNull()
                table.column("sent_at", .double).notNull()
                table.column("colors", .text).notNull().defaults(to: "")
            }
        }
        // v2: the plural table name, and time as INTEGER milliseconds. SQLite cannot change a
        // column's type, so the table is rebuilt in the migration's transaction, every row and
        // sequence number kept (AUTOINCREMENT's counter follows the copied numbers).
        migrator.registerMigration("v2") { db in
            try db.create(table: "journal_events") { table in
                table.autoIncrementedPrimaryKey("sequence")
                table.column("event", .text).notNull()
                table.column("sent_at", .integer).notNull()
                table.column("colors", .text).notNull().defaults(to: "")
            }
            try db.execute(
                sql: """
                    INSERT INTO journal_events (sequence, event, sent_at, colors)
                    SELECT sequence, event, CAST(ROUND(sent_at * 1000) AS INTEGER), colors FROM event_journal ORDER BY sequence
                    """)
            try db.drop(table: "event_journal")
        }
        return migrator
    }

    /// Old migration ids and their names now: v1 shipped as `v1-event-journal`.
    public static let renamedMigrations: [String: String] = ["v1-event-journal": "v1"]
}
