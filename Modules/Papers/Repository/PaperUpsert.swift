import Core
import Database
import Foundation
import PapersEntity

/// One write's upserts into the papers table, with the full-text index kept up in batches.
///
/// The newer record wins; an older or equal one changes nothing. New rows get keys above the
/// largest key before the write, so an `INSERT … SELECT` of the rows above the last indexed
/// key indexes them (`FullTextBatch`): FTS5 writes out its pending terms at the end of every
/// statement, and indexing row by row would be 5x slower. Rows updated in place keep their key
/// and are re-indexed by the update trigger (see `PapersSchema`).
struct PaperUpsert {
    private let statement: BatchInsert
    private let indexBatch: Int
    private let lastKey: Int64
    private var index: FullTextBatch
    private var seen = 0
    private var changed = 0
    private var unindexed = 0

    /// Starts a write's upserts at `now`; `indexBatch` rows are written between two batches of indexing.
    init(_ db: Database, indexBatch: Int, now: Date) throws {
        self.indexBatch = max(1, indexBatch)
        statement = try BatchInsert(db, sql: Columns.upsert(stamp: try Self.stamp(db, now: now)))
        lastKey = try Int64.fetchOne(db, sql: "SELECT coalesce(max(key), 0) FROM papers") ?? 0
        index = FullTextBatch(db: db, indexedThrough: lastKey)
        try index.start()
    }

    /// Upserts the rows (`Columns.rows`), then indexes if `indexBatch` rows are waiting for it.
    mutating func upsert(_ rows: RowBatch) throws {
        changed += try statement.execute(rows)
        seen += rows.count
        unindexed += rows.count
        if unindexed >= indexBatch { try indexNewRows() }
    }

    /// Indexes the rows written so far if there are at least a quarter of `indexBatch`.
    ///
    /// For a writer that would otherwise wait for its next rows: the indexing has to be done
    /// anyway, and a batch much smaller than `indexBatch` would cost FTS5 more merging.
    mutating func indexWhileIdle() throws {
        if unindexed > 0, unindexed >= indexBatch / 4 { try indexNewRows() }
    }

    /// Indexes what is left and says what the write did.
    mutating func finish() throws -> SaveSummary {
        try indexNewRows()
        try index.finish()
        // New rows take the keys after the largest, no write deletes a row, and the index now
        // covers every key: the count of new rows is a subtraction, not a scan of them.
        let added = Int(index.indexedThrough - lastKey)
        return SaveSummary(added: added, updated: changed - added, unchanged: seen - changed)
    }

    /// Upserts `papers` in the open transaction of `db` and indexes them: a whole write's rows at once.
    static func save(_ papers: [Paper], in db: Database, indexBatch: Int, now: Date) throws -> SaveSummary {
        var upsert = try PaperUpsert(db, indexBatch: indexBatch, now: now)
        try upsert.upsert(Columns.rows(papers))
        return try upsert.finish()
    }

    /// The write's stamp: `now` in milliseconds, or one more than the last write's when the clock
    /// has not moved past it, so that every write's stamp is later than every earlier one's and a
    /// digest's mark splits writes exactly.
    static func stamp(_ db: Database, now: Date) throws -> Int64 {
        let last =
            try Int64.fetchOne(
                db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [PapersSchema.writeStampKey]) ?? 0
        let stamp = max(now.millisecondsSince1970, last + 1)
        try db.execute(
            sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
            arguments: [PapersSchema.writeStampKey, stamp])
        return stamp
    }

    private mutating func indexNewRows() throws {
        try index.indexNewRows()
        unindexed = 0
    }
}
