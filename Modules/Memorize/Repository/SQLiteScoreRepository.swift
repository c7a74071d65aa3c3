import Core
import Database
import Foundation
import MemorizeEntity

/// The high-score table in SQLite (`MemorizeSchema`), through the shared `Database` module.
///
/// One row per finished game in table `scores`; ranking is by score, then fewer moves, then
/// the earlier game. Every access goes through `AppDatabase.read`/`write`, so SQLite's failures
/// arrive as `StorageError`.
public struct SQLiteScoreRepository: ScoreRepository {
    private let database: AppDatabase

    /// Creates a repository over a database opened with `MemorizeSchema`.
    public init(database: AppDatabase) { self.database = database }

    /// Inserts `record` and computes its rank in the same transaction, so the rank counts exactly the games before it.
    public func add(_ record: ScoreRecord) async throws -> Int {
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO scores (theme, score, moves, pairs, seed, finished_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [
                    record.theme, record.score, record.moves, record.pairs, Int64(bitPattern: record.seed),
                    record.finishedAt.millisecondsSince1970,
                ])
            let better =
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) FROM scores WHERE theme = ? COLLATE NOCASE
                        AND (score > ? OR (score = ? AND moves < ?))
                        """,
                    arguments: [record.theme, record.score, record.score, record.moves]) ?? 0
            return better + 1
        }
    }

    /// The best `limit` games per theme, best first, themes in name order.
    public func top(theme: String?, limit: Int) async throws -> [ScoreRecord] {
        try await database.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT theme, score, moves, pairs, seed, finished_at FROM (
                      SELECT *, ROW_NUMBER() OVER (
                        PARTITION BY lower(theme) ORDER BY score DESC, moves ASC, finished_at ASC, id ASC
                      ) AS position
                      FROM scores WHERE ?1 IS NULL OR theme = ?1 COLLATE NOCASE
                    ) WHERE position <= ?2 ORDER BY lower(theme), position
                    """,
                arguments: [theme, max(0, limit)])
            return rows.map { row in
                ScoreRecord(
                    theme: row["theme"], score: row["score"], moves: row["moves"], pairs: row["pairs"],
                    seed: UInt64(bitPattern: row["seed"] as Int64),
                    finishedAt: Date(millisecondsSince1970: row["finished_at"] as Int64))
            }
        }
    }
}
