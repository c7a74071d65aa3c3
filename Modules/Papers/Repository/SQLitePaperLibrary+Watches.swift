import Core
import Database
import Foundation
import PapersEntity

/// Saved searches, the digest's mark and what changed, and the BM25 figures a digest and `similar` rank with.
extension SQLitePaperLibrary {
    /// The watches, in the order they were added.
    public func watches() async throws -> [Watch] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT name, query, categories, threshold FROM watches ORDER BY position").map {
                row in
                try Watch.stored(
                    name: row["name"], query: row["query"],
                    categories: (row["categories"] as String).split(separator: " ").map(String.init),
                    threshold: row["threshold"])
            }
        }
    }

    /// Adds a watch after the others.
    public func addWatch(_ watch: Watch) async throws {
        try await database.write { db in
            guard try Int.fetchOne(db, sql: "SELECT 1 FROM watches WHERE name = ?", arguments: [watch.name]) == nil
            else {
                throw PapersError.watchExists(watch.name)
            }
            try db.execute(
                sql: "INSERT INTO watches (name, query, categories, threshold) VALUES (?, ?, ?, ?)",
                arguments: [watch.name, watch.query, watch.categories.joined(separator: " "), watch.threshold])
        }
    }

    /// Removes the watch named `name`.
    public func removeWatch(named name: String) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM watches WHERE name = ?", arguments: [name])
            guard db.changesCount > 0 else {
                throw PapersError.noSuchWatch(
                    name, known: try String.fetchAll(db, sql: "SELECT name FROM watches ORDER BY position"))
            }
        }
    }

    /// The stamp the last digest showed up to.
    public func digestMark() async throws -> Date? {
        try await database.read { db in
            try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [PapersSchema.digestMarkKey])
                .map(Date.init(millisecondsSince1970:))
        }
    }

    /// Moves the digest's mark forward to `date`; a mark already past it stays.
    ///
    /// One conditional statement, so two digests finishing in either order leave the later mark:
    /// a digest that read the library before another moved the mark must not move it back.
    public func setDigestMark(_ date: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO meta (key, value) VALUES (?, ?)
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE excluded.value > meta.value
                    """,
                arguments: [PapersSchema.digestMarkKey, date.millisecondsSince1970])
        }
    }

    /// The papers that entered, or whose version entered, after `date`, by the index on `revised_at`.
    public func changes(since date: Date?) async throws -> LibraryChanges {
        try await database.read { db in
            let rows = try Row.fetchAll(
                db,
                // Without the index named, SQLite reads the whole table in key order rather than sort
                // a day's rows: at 3 million papers, 9 GB read to find 10,000.
                sql: """
                    SELECT \(Columns.select), entered_at, revised_at FROM papers INDEXED BY papers_revised_at
                    WHERE revised_at > ? ORDER BY key
                    """,
                arguments: [date?.millisecondsSince1970 ?? 0])
            let changes = try rows.map { row in
                PaperChange(
                    paper: try Columns.paper(row), entered: Date(millisecondsSince1970: row["entered_at"]),
                    revised: Date(millisecondsSince1970: row["revised_at"]))
            }
            let last = try Int64.fetchOne(
                db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [PapersSchema.writeStampKey])
            return LibraryChanges(changes: changes, lastWrite: last.map(Date.init(millisecondsSince1970:)))
        }
    }

    /// How well each paper of `ids` matches any term of each library-search text of `texts`:
    /// BM25 as search ranks (the library's document frequencies and totals), higher is better,
    /// against each expression's positive terms; a paper that matches none is left out of its scores.
    ///
    /// The papers are indexed apart (`FullTextScratch`, with the library index's columns): ranking
    /// them in the library's index would walk every posting of every watch's words, which at
    /// arXiv's size is most of a digest's time; apart, a digest costs its own papers.
    public func relevance(of ids: [String], to expressions: [QueryExpression]) async throws -> [[String: Double]] {
        let queries = expressions.map { $0.anyPositiveTerm.flatMap(FullTextQuery.init) }
        guard !ids.isEmpty, queries.contains(where: { $0 != nil }) else { return expressions.map { _ in [:] } }
        let sample = newestMatches
        let (documents, frequencies, totals) = try await database.read { db in
            let lastKey = try Int64.fetchOne(db, sql: "SELECT max(key) FROM papers") ?? 0
            let frequencies = try queries.map { query in
                try (query?.phrases ?? []).map { try Self.documentFrequency(db, $0, sample: sample, lastKey: lastKey) }
            }
            let columns = PapersSchema.indexedColumns.joined(separator: ", ")
            var documents: [(id: String, texts: [String])] = []
            for chunk in stride(from: 0, to: ids.count, by: 500).map({ ids[$0..<min($0 + 500, ids.count)] }) {
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT arxiv_id, \(columns) FROM papers_search
                        WHERE arxiv_id IN (\(chunk.map { _ in "?" }.joined(separator: ", ")))
                        """,
                    arguments: StatementArguments(Array(chunk)))
                documents += rows.map { row in (row["arxiv_id"], PapersSchema.indexedColumns.map { row[$0] }) }
            }
            return (documents, frequencies, try FullTextTotals.read(db, table: "papers_fts"))
        }
        guard let totals else { return expressions.map { _ in [:] } }
        let scratch = try FullTextScratch(columns: PapersSchema.indexedColumns, tokenizer: PapersSchema.tokenizer)
        try scratch.add(documents.map(\.texts))
        return try zip(queries, frequencies).map { query, frequencies in
            // A phrase no paper of the library has matches none of these either.
            guard let query else { return [:] }
            let known = query.phrases.indices.filter { frequencies[$0] > 0 }
            guard !known.isEmpty else { return [:] }
            let scores = try scratch.rank(
                known.map { query.phrases[$0] }.joined(separator: " OR "), frequencies: known.map { frequencies[$0] },
                totals: totals)
            return Dictionary(uniqueKeysWithValues: scores.map { (documents[$0.key].id, $0.value) })
        }
    }

    /// How many of a word's newest postings `documentFrequencies` reads to estimate how many papers hold it.
    ///
    /// Weighting a paper's words needs their rarity, not exact counts; a hundred words read a
    /// thousand postings each at most.
    static let frequencySample = 1_000

    /// How many papers hold each word (exact up to `frequencySample`, estimated above), and how many papers there are.
    public func documentFrequencies(_ words: [String]) async throws -> (papers: Int, frequencies: [Double]) {
        let sample = Self.frequencySample
        return try await database.read { db in
            let lastKey = try Int64.fetchOne(db, sql: "SELECT max(key) FROM papers") ?? 0
            let papers = lastKey > 0 ? Int(lastKey) : 0
            return (
                papers,
                try words.map { try Self.documentFrequency(db, "\"\($0)\"", sample: sample, lastKey: lastKey) }
            )
        }
    }
}
