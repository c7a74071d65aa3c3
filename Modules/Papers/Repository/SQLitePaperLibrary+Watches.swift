import Core
import Database
import Foundation
import PapersEntity

/// Saved searches, the digest's mark and what changed, and the BM25 figures a digest and `similar` rank with.
extension SQLitePaperLibrary {
    /// The watches, in the order they were added.
    public func watches() async throws -> [Watch] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT name, query, categories FROM watches ORDER BY position").map { row in
                try Watch(
                    name: row["name"], query: row["query"],
                    categories: (row["categories"] as String).split(separator: " ").map(String.init))
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
                sql: "INSERT INTO watches (name, query, categories) VALUES (?, ?, ?)",
                arguments: [watch.name, watch.query, watch.categories.joined(separator: " ")])
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

    /// Moves the digest's mark.
    public func setDigestMark(_ date: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                arguments: [PapersSchema.digestMarkKey, date.millisecondsSince1970])
        }
    }

    /// The papers that entered, or whose version entered, after `date`, by the index on `revised_at`.
    public func changes(since date: Date?) async throws -> LibraryChanges {
        try await database.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT \(Columns.select), entered_at, revised_at FROM papers WHERE revised_at > ? ORDER BY key",
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

    /// How well each paper of `ids` matches any term of the library-search `text`: BM25 as search
    /// ranks (document frequencies as `search` reads them), higher is better; a paper that
    /// matches no term is left out.
    public func relevance(of ids: [String], to text: String) async throws -> [String: Double] {
        let terms = FullTextQuery.terms(text)
        guard !terms.isEmpty, !ids.isEmpty else { return [:] }
        let sample = newestMatches
        return try await database.read { db in
            let lastKey = try Int64.fetchOne(db, sql: "SELECT max(key) FROM papers") ?? 0
            let frequencies = try terms.map { try Self.documentFrequency(db, $0, sample: sample, lastKey: lastKey) }
            let known = terms.indices.filter { frequencies[$0] > 0 }
            guard !known.isEmpty else { return [:] }
            let match = known.map { terms[$0] }.joined(separator: " OR ")
            let dfs = known.map { frequencies[$0] }
            var scores: [String: Double] = [:]
            for chunk in stride(from: 0, to: ids.count, by: 500).map({ ids[$0..<min($0 + 500, ids.count)] }) {
                let sql = """
                    SELECT p.id AS id, \(BM25Function.name)(papers_fts, \(dfs.map { _ in "?" }.joined(separator: ", "))) AS score
                    FROM papers_fts JOIN papers p ON p.key = papers_fts.rowid
                    WHERE papers_fts MATCH ? AND papers_fts.rowid IN (SELECT key FROM papers WHERE id IN (\(chunk.map { _ in "?" }.joined(separator: ", "))))
                    """
                let arguments = StatementArguments(dfs) + [match] + StatementArguments(Array(chunk))
                for row in try Row.fetchAll(db, sql: sql, arguments: arguments) {
                    scores[row["id"]] = -(row["score"] as Double)
                }
            }
            return scores
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
