import Database
import Foundation

/// The high-score database's schema: every migration, under the ids `v1`, `v2`, ….
///
/// `v1` is the first schema exactly as it shipped (recorded then as `v1-scores`), so files written
/// by it are recognised; `v2` brings them to the shared convention without losing a row.
public enum MemorizeSchema {
    /// Old migration ids and the ids they have now; `AppDatabase` renames them before migrating.
    public static let renamedMigrations: [String: String] = ["v1-scores": "v1"]

    /// The migrations, in order.
    /// SQLite's `application_id` of this feature's files ("STMZ" in ASCII): a file holding another
    /// feature's number is refused as not ours, though its migration ids look alike.
    public static let applicationID: Int32 = 0x5354_4D5A

    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        // The first schema, unchanged: table `score`, `finished_at` as GRDB's datetime text.
        migrator.registerMigration("v1") { db in
            try db.create(table: "score") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("theme", .text).notNull()
                table.column("score", .integer).notNull()
                table.column("moves", .integer).notNull()
                table.column("pairs", .integer).notNull()
                table.column("seed", .integer).notNull()
                table.column("finished_at", .datetime).notNull()
            }
            try db.create(index: "score_by_theme", on: "score", columns: ["theme", "score"])
        }
        // The shared convention: a plural table name, and time as INTEGER milliseconds since 1970 UTC.
        migrator.registerMigration("v2") { db in
            try db.create(table: "scores") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("theme", .text).notNull()
                table.column("score", .integer).notNull()
                table.column("moves", .integer).notNull()
                table.column("pairs", .integer).notNull()
                // A UInt64 seed kept as its Int64 bit pattern: SQLite integers are signed.
                table.column("seed", .integer).notNull()
                table.column("finished_at", .integer).notNull()
            }
            // GRDB wrote dates as "yyyy-MM-dd HH:mm:ss.SSS" in UTC: whole seconds from strftime,
            // the milliseconds from the text itself (exact, unlike julianday's floating point).
            try db.execute(
                sql: """
                    INSERT INTO scores (id, theme, score, moves, pairs, seed, finished_at)
                    SELECT id, theme, score, moves, pairs, seed,
                           CAST(strftime('%s', finished_at) AS INTEGER) * 1000
                           + CAST(substr(finished_at, 21, 3) AS INTEGER)
                    FROM score
                    """)
            try db.drop(table: "score")
            try db.create(index: "scores_by_theme", on: "scores", columns: ["theme", "score"])
        }
        return migrator
    }
}
