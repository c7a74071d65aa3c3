import Database

/// Adds the rows a write inserts to the FTS5 index in batches, and tells the update trigger which rows are indexed.
///
/// The `fts_unindexed_after` mark in `meta` holds the largest key the index covers while a
/// write is in progress; the update and delete triggers re-index only rows at or below it
/// (see `PapersSchema`), and each batch reads the final text of the rows above it.
struct FullTextBatch {
    let db: Database
    private(set) var indexedThrough: Int64

    /// Records the mark before the first row is written.
    func start() throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('\(PapersSchema.unindexedMark)', ?)",
            arguments: [indexedThrough])
    }

    /// Indexes every row added since the last batch, in one statement, and moves the mark.
    mutating func indexNewRows() throws {
        let last = try Int64.fetchOne(db.cachedStatement(sql: "SELECT coalesce(max(key), 0) FROM papers")) ?? 0
        guard last > indexedThrough else { return }
        try db.cachedStatement(
            sql: """
                INSERT INTO papers_fts (rowid, \(PapersSchema.indexedColumns.joined(separator: ", ")))
                SELECT * FROM papers_search WHERE key > ? AND key <= ?
                """
        ).execute(arguments: [indexedThrough, last])
        try db.cachedStatement(sql: "UPDATE meta SET value = ? WHERE key = '\(PapersSchema.unindexedMark)'").execute(
            arguments: [last])
        indexedThrough = last
    }

    /// Removes the mark: outside a write, every row is indexed.
    func finish() throws {
        try db.execute(sql: "DELETE FROM meta WHERE key = '\(PapersSchema.unindexedMark)'")
    }
}
