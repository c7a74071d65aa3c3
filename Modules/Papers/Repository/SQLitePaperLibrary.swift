import Core
import Database
import Foundation
import PapersEntity

/// The library in SQLite, through the shared `AppDatabase`, with an FTS5 index for offline search.
public struct SQLitePaperLibrary: PaperLibrary {
    let database: AppDatabase
    let parallelSearchFrom: Int64
    let everyMatchUpTo: Int64
    let newestMatches: Int
    let countedUpTo: Int
    private let indexBatch: Int
    private let clock: WallClock

    /// Creates the library over a database migrated with `PapersSchema.migrator`.
    ///
    /// - Parameters:
    ///   - parallelSearchFrom: from how many papers a search is ranked on every core;
    ///     below it one core is quicker.
    ///   - everyMatchUpTo: up to how many papers a search ranks every match; above, it ranks
    ///     the `newestMatches` newest (see `search`). `.max` ranks every match of any library.
    ///   - countedUpTo: up to how many matches a library of more than `everyMatchUpTo` papers counts.
    ///   - indexBatch: how many rows a write adds between two batches of indexing.
    ///   - clock: stamps each write, so the library knows when each paper and version entered it.
    public init(
        database: AppDatabase, parallelSearchFrom: Int64 = 20_000, everyMatchUpTo: Int64 = everyMatchUpTo,
        newestMatches: Int = newestMatches, countedUpTo: Int = countedUpTo, indexBatch: Int = indexBatch,
        clock: WallClock = .live
    ) {
        self.clock = clock
        self.database = database
        self.parallelSearchFrom = parallelSearchFrom
        self.everyMatchUpTo = everyMatchUpTo
        self.newestMatches = newestMatches
        self.countedUpTo = countedUpTo
        self.indexBatch = max(1, indexBatch)
    }

    /// The paper with this id, if the library has it.
    public func paper(id: String) async throws -> Paper? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Columns.select) FROM papers WHERE id = ?", arguments: [id]).map(
                Columns.paper(_:))
        }
    }

    /// The papers of these ids, in one read (ids in chunks of 500, under SQLite's parameter limit).
    public func papers(ids: [String]) async throws -> [String: Paper] {
        try await database.read { db in
            var found: [String: Paper] = [:]
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = Array(ids[start..<min(start + 500, ids.count)])
                let marks = chunk.map { _ in "?" }.joined(separator: ", ")
                for row in try Row.fetchAll(
                    db, sql: "SELECT \(Columns.select) FROM papers WHERE id IN (\(marks))",
                    arguments: StatementArguments(chunk))
                {
                    let paper = try Columns.paper(row)
                    found[paper.id] = paper
                }
            }
            return found
        }
    }

    /// Saves papers and a fetch record in one transaction.
    public func save(_ papers: [Paper], fetchedBy query: String?, at date: Date) async throws -> SaveSummary {
        try await database.write { db in
            let summary = try PaperUpsert.save(papers, in: db, indexBatch: indexBatch, now: clock.now())
            if let query {
                try db.execute(
                    sql: "INSERT INTO fetches (query, fetched_at, result_count) VALUES (?, ?, ?)",
                    arguments: [query, date.millisecondsSince1970, papers.count])
            }
            return summary
        }
    }

    /// Saves what `produce` yields in one transaction; rolls back if it throws.
    ///
    /// `produce` runs as a task of its own and also packs each row's values there, so parsing
    /// and SQLite's writing (tokenising for the index above all) use two cores. The writer
    /// indexes every `indexBatch` rows, and sooner when the parser has nothing ready for it.
    public func importing(_ produce: @escaping @Sendable (_ save: ([Paper]) async throws -> Void) async throws -> Void)
        async throws -> SaveSummary
    {
        let clock = clock
        return try await Handoff.run(
            depth: Self.readyBatches,
            produce: { send in
                try await produce { papers in if !papers.isEmpty { try await send(Columns.rows(papers)) } }
            },
            consume: { batches in
                try await database.bulkWrite { db in
                    // Each indexing batch re-reads the rows just written; SQLite's default 2 MB
                    // page cache would send it back to the file for them.
                    try db.execute(sql: "PRAGMA cache_size = -\(Self.importCacheKiB)")
                    var upsert = try PaperUpsert(db, indexBatch: indexBatch, now: clock.now())
                    while let rows = try batches.next(whenIdle: { try upsert.indexWhileIdle() }) {
                        try upsert.upsert(rows)
                    }
                    return try upsert.finish()
                }
            })
    }

    /// How many rows a write adds between two batches of indexing.
    ///
    /// Small enough that the parser keeps going while the writer indexes (`readyBatches`), so
    /// FTS5's tokenising, the most of an import, shares the time of the parse. Each batch is a
    /// statement, and each statement writes out FTS5's pending terms and journals the pages of
    /// the index its merges reuse, so much smaller batches cost more than they overlap. Two
    /// interleaved runs each: 100,000 papers took 3.96–4.18 s with 10,000 (40 ready), 4.23–4.29 s
    /// with 20,000 (80 ready), 4.56–4.72 s with 5,000 (20 ready); a million took 57.7–58.3 s with
    /// 10,000 and 58.6–59.7 s with 20,000, where one batch at the end had taken 74 s.
    public static let indexBatch = 10_000

    /// How many batches of rows the parser may have ready before it waits for the writer.
    ///
    /// Enough for the parser to keep going while the writer indexes `indexBatch` rows: the
    /// snapshot reader hands over about 570 papers (1 MB) a batch, so 40 batches hold about
    /// 23,000 papers and take about 45 MB. 100,000 papers took 3.96–4.18 s with 40 and
    /// 4.19–4.20 s with 30; with batches of 20,000 rows, 5.10–5.20 s with 40 ready and 4.70 s
    /// with 80: the parser waits through an index batch once the queue is full.
    static let readyBatches = 40

    /// The page cache, in KiB, of a connection that has imported.
    ///
    /// Each indexing batch re-reads the rows just written; SQLite's default 2 MB cost about 10%
    /// of an import. 64 MB was no faster on a million papers (103–113 s against 108 s) and
    /// took 51 MB more at the peak.
    static let importCacheKiB = 16 << 10

    /// Up to how many papers a search ranks every match, unless told otherwise.
    ///
    /// Measured on this machine's synthetic libraries: every match of the 20 benchmark queries
    /// ranked on two cores takes a median of 3 ms at 100,000 papers; at 3,000,000 a median of
    /// 67 ms and 0.6 s at the 95th percentile (a word in a third of the papers).
    public static let everyMatchUpTo: Int64 = 250_000

    /// How many of the newest matches a search of a larger library ranks, unless told otherwise.
    ///
    /// Ranking costs 2–3 µs a paper. On 3,000,000 synthetic papers, 20 queries x 3: 4,000 gave a
    /// median of 9.5–11.5 ms and a top 20 that shares 23% with every match ranked; 6,000 gave
    /// 13.9–16.7 ms and 28%.
    public static let newestMatches = 4_000

    /// Marks or unmarks a favourite.
    public func setFavourite(id: String, _ favourite: Bool, at date: Date) async throws -> Bool {
        try await database.write { db in
            if favourite {
                guard try Int.fetchOne(db, sql: "SELECT 1 FROM papers WHERE id = ?", arguments: [id]) != nil else {
                    throw PapersError.notInLibrary(id)
                }
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO favourites (paper_id, added_at, version)
                        VALUES (?, ?, (SELECT version FROM papers WHERE id = ?))
                        """,
                    arguments: [id, date.millisecondsSince1970, id])
            } else {
                try db.execute(sql: "DELETE FROM favourites WHERE paper_id = ?", arguments: [id])
            }
            return db.changesCount > 0
        }
    }

    /// The favourites, most recently marked first.
    public func favourites() async throws -> [Paper] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Columns.select("p")) FROM favourites f JOIN papers p ON p.id = f.paper_id ORDER BY f.added_at DESC, p.id
                    """
            ).map(Columns.paper(_:))
        }
    }

    /// The `limit` papers whose version 1 is newest, newest first (through the `published` index).
    public func newest(limit: Int) async throws -> [Paper] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT \(Columns.select("p")) FROM papers p ORDER BY p.published DESC, p.id LIMIT ?",
                arguments: [max(0, limit)]
            ).map(Columns.paper(_:))
        }
    }

    /// A page of every paper, by id (the primary key's order, so each page is one index range).
    public func papers(after id: String?, limit: Int) async throws -> [Paper] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT \(Columns.select) FROM papers WHERE id > ? ORDER BY id LIMIT ?",
                arguments: [id ?? "", max(0, limit)]
            ).map(Columns.paper(_:))
        }
    }

    /// The ids of every favourite.
    public func favouriteIDs() async throws -> Set<String> {
        try await database.read { db in Set(try String.fetchAll(db, sql: "SELECT paper_id FROM favourites")) }
    }

    /// The version each favourite had when it was marked.
    public func markedVersions() async throws -> [String: Int] {
        try await database.read { db in
            Dictionary(
                try Row.fetchAll(db, sql: "SELECT paper_id, version FROM favourites WHERE version IS NOT NULL").map {
                    (row: Row) -> (String, Int) in (row["paper_id"], row["version"])
                }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Counts, top categories and dates.
    public func stats() async throws -> LibraryStats {
        try await database.read { db in
            let counts = try Row.fetchOne(
                db,
                sql: """
                    SELECT (SELECT count(*) FROM papers) AS papers, (SELECT count(*) FROM favourites) AS favourites,
                           (SELECT count(*) FROM fetches) AS fetches, (SELECT min(published) FROM papers) AS oldest,
                           (SELECT max(published) FROM papers) AS newest, (SELECT max(fetched_at) FROM fetches) AS last_fetch
                    """)
            let categories = try Row.fetchAll(
                db,
                sql: """
                    SELECT primary_category, count(*) AS n FROM papers GROUP BY primary_category ORDER BY n DESC, primary_category LIMIT 10
                    """
            ).map { CategoryCount(category: $0["primary_category"], count: $0["n"]) }
            func date(_ column: String) -> Date? {
                (counts?[column] as Int64?).map(Date.init(millisecondsSince1970:))
            }
            return LibraryStats(
                papers: counts?["papers"] ?? 0, favourites: counts?["favourites"] ?? 0,
                fetches: counts?["fetches"] ?? 0, topCategories: categories,
                oldestPublished: date("oldest"), newestPublished: date("newest"), lastFetch: date("last_fetch"))
        }
    }

    /// How many papers the library holds (a count over the smallest index, no grouping).
    public func paperCount() async throws -> Int {
        try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM papers") ?? 0 }
    }

    /// Looks for damage; with `fix`, repairs what it can in one transaction and checks again.
    ///
    /// Read-only, the index is checked by the papers it lists; a fix (which may write) also has
    /// FTS5 read every term against the rows, which finds an index holding old text. A damaged
    /// file is not written to: a repair could spread the damage.
    public func checkHealth(fix: Bool) async throws -> LibraryHealth {
        let quick = try await database.read { db in try LibraryCheck.run(db, thorough: false) }
        // A damaged file is never written to: nothing here can repair it, and a write could spread the damage.
        guard fix, !quick.problems.contains(where: { !$0.isFixable }) else { return quick }
        return try await database.write { db in
            let found = try LibraryCheck.run(db, thorough: true)
            guard !found.problems.contains(where: { !$0.isFixable }), !found.problems.isEmpty else { return found }
            try LibraryCheck.repair(db, found.problems)
            let after = try LibraryCheck.run(db, thorough: true)
            return LibraryHealth(
                papers: after.papers, problems: found.problems,
                fixed: found.problems.filter { !after.problems.contains($0) })
        }
    }

    /// The harvest's state, from the `harvests` table.
    public func harvestState(_ key: HarvestKey) async throws -> HarvestState? {
        try await database.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT from_date, token, records, deleted, pages, last_response FROM harvests
                    WHERE endpoint = ? AND set_spec = ? AND metadata_prefix = ?
                    """, arguments: [key.endpoint, key.set, key.format.rawValue]
            ).map { row in
                HarvestState(
                    key: key, from: row["from_date"], token: row["token"], records: row["records"],
                    deleted: row["deleted"], pages: row["pages"],
                    lastResponse: (row["last_response"] as Int64?).map(Date.init(millisecondsSince1970:)))
            }
        }
    }

    /// Upserts the papers, marks the deleted ones withdrawn and saves the state, in one transaction.
    public func saveHarvestPage(_ papers: [Paper], withdrawn ids: [String], state: HarvestState) async throws
        -> (saved: SaveSummary, withdrawn: Int)
    {
        try await database.write { db in
            let saved = try PaperUpsert.save(papers, in: db, indexBatch: indexBatch, now: clock.now())
            var withdrawn = 0
            for id in ids {
                try db.execute(sql: "UPDATE papers SET withdrawn = 1 WHERE id = ? AND withdrawn = 0", arguments: [id])
                withdrawn += db.changesCount
            }
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO harvests
                        (endpoint, set_spec, metadata_prefix, from_date, token, records, deleted, pages, last_response)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    state.key.endpoint, state.key.set, state.key.format.rawValue, state.from, state.token,
                    state.records, state.deleted, state.pages, state.lastResponse?.millisecondsSince1970,
                ])
            return (saved, withdrawn)
        }
    }

    /// The sets kept for `endpoint`, by name.
    public func harvestSets(endpoint: String) async throws -> [HarvestSet] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT spec, name FROM oai_sets WHERE endpoint = ? ORDER BY spec", arguments: [endpoint]
            )
            .map { HarvestSet(spec: $0["spec"], name: $0["name"]) }
        }
    }

    /// Replaces the sets kept for `endpoint`.
    public func saveHarvestSets(_ sets: [HarvestSet], endpoint: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM oai_sets WHERE endpoint = ?", arguments: [endpoint])
            for set in sets {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO oai_sets (endpoint, spec, name) VALUES (?, ?, ?)",
                    arguments: [endpoint, set.spec, set.name])
            }
        }
    }
}
