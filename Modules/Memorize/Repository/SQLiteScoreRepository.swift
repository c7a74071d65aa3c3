import Core
import Database
import Foundation
import MemorizeEntity

/// The high-score table in SQLite, through the shared `Database` module.
///
/// One row per finished game in table `score`; ranking is by score, then fewer moves, then
/// the earlier game. The file lives at `$XDG_DATA_HOME/strata/memorize.sqlite` unless `--db` says otherwise.
public struct SQLiteScoreRepository: ScoreRepository {
    /// The database file's name under the data directory.
    public static let fileName = "memorize.sqlite"

    private let database: AppDatabase

    /// Creates a repository over an opened, migrated database.
    public init(database: AppDatabase) { self.database = database }

    /// The schema's migrations.
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-scores") { db in
            try db.create(table: "score") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("theme", .text).notNull()
                table.column("score", .integer).notNull()
                table.column("moves", .integer).notNull()
                table.column("pairs", .integer).notNull()
                // A UInt64 seed kept as its Int64 bit pattern: SQLite integers are signed.
                table.column("seed", .integer).notNull()
                table.column("finished_at", .datetime).notNull()
            }
            try db.create(index: "score_by_theme", on: "score", columns: ["theme", "score"])
        }
        return migrator
    }

    /// Inserts `record` and computes its rank in the same transaction, so the rank counts exactly the games before it.
    public func add(_ record: ScoreRecord) throws -> Int {
        do {
            return try database.writer.write { db in
                try db.execute(
                    sql: "INSERT INTO score (theme, score, moves, pairs, seed, finished_at) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [record.theme, record.score, record.moves, record.pairs, Int64(bitPattern: record.seed), record.finishedAt])
                let better = try Int.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) FROM score WHERE theme = ? COLLATE NOCASE
                        AND (score > ? OR (score = ? AND moves < ?))
                        """,
                    arguments: [record.theme, record.score, record.score, record.moves]) ?? 0
                return better + 1
            }
        } catch {
            throw MessageError.storage("saving the score", error)
        }
    }

    /// The best `limit` games per theme, best first, themes in name order.
    public func top(theme: String?, limit: Int) throws -> [ScoreRecord] {
        do {
            return try database.writer.read { db in
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT theme, score, moves, pairs, seed, finished_at FROM (
                          SELECT *, ROW_NUMBER() OVER (
                            PARTITION BY lower(theme) ORDER BY score DESC, moves ASC, finished_at ASC, id ASC
                          ) AS position
                          FROM score WHERE ?1 IS NULL OR theme = ?1 COLLATE NOCASE
                        ) WHERE position <= ?2 ORDER BY lower(theme), position
                        """,
                    arguments: [theme, max(0, limit)])
                return rows.map { row in
                    ScoreRecord(
                        theme: row["theme"], score: row["score"], moves: row["moves"], pairs: row["pairs"],
                        seed: UInt64(bitPattern: row["seed"] as Int64), finishedAt: row["finished_at"])
                }
            }
        } catch {
            throw MessageError.storage("reading the scores", error)
        }
    }
}
