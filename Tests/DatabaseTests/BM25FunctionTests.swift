import Core
import Database
import Foundation
import GRDB
import Testing

@Suite("bm25_df")
struct BM25FunctionTests {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE docs USING fts5(title, body)")
        }
        return migrator
    }

    /// Sixty documents of different lengths, each word of `words` in a different share of them.
    static func database() async throws -> AppDatabase {
        let database = try AppDatabase.inMemory(migrator: migrator)
        let words = ["alpha", "beta", "gamma", "delta", "epsilon"]
        try await database.write { db in
            for number in 1...60 {
                let title = words.indices.filter { number % ($0 + 2) == 0 }.map { words[$0] }
                let body = (0..<(number % 9)).map { words[($0 * number) % words.count] } + ["filler"]
                try db.execute(
                    sql: "INSERT INTO docs (title, body) VALUES (?, ?)",
                    arguments: [title.joined(separator: " "), body.joined(separator: " ")])
            }
        }
        return database
    }

    @Test("given each phrase's exact document frequency, it scores every row as FTS5's bm25() does")
    func matchesBM25() async throws {
        let database = try await Self.database()
        let queries: [(match: String, phrases: [String])] = [
            ("alpha", ["alpha"]),
            ("alpha AND beta", ["alpha", "beta"]),
            ("\"beta gamma\" OR delta", ["\"beta gamma\"", "delta"]),
            ("title : epsilon AND filler", ["title : epsilon", "filler"]),
        ]
        for query in queries {
            let scores = try await database.read { db in
                let frequencies = try query.phrases.map { phrase in
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM docs WHERE docs MATCH ?", arguments: [phrase]) ?? 0
                }
                let placeholders = frequencies.map { _ in "?" }.joined(separator: ", ")
                return try Row.fetchAll(
                    db,
                    sql: """
                        SELECT bm25(docs), \(BM25Function.name)(docs, \(placeholders)) FROM docs
                        WHERE docs MATCH ? ORDER BY rowid
                        """,
                    arguments: StatementArguments(frequencies + [query.match])
                ).map { row in (expected: row[0] as Double, given: row[1] as Double) }
            }
            #expect(scores.count > 2, "\(query.match)")
            for score in scores {
                #expect(abs(score.expected - score.given) <= 1e-9 * max(1, abs(score.expected)), "\(query.match)")
            }
        }
    }

    @Test("a smaller frequency weighs its phrase more, and a query must give one per phrase")
    func frequencies() async throws {
        let database = try await Self.database()
        let (rare, common) = try await database.read { db in
            let score = { (df: Int) in
                try Double.fetchOne(
                    db, sql: "SELECT \(BM25Function.name)(docs, ?) FROM docs WHERE docs MATCH 'alpha' ORDER BY rowid",
                    arguments: [df]) ?? 0
            }
            return (try score(1), try score(50))
        }
        #expect(rare < common)
        await #expect(throws: StorageError.self) {
            try await database.read { db in
                try Double.fetchAll(
                    db, sql: "SELECT \(BM25Function.name)(docs, 3) FROM docs WHERE docs MATCH 'alpha AND beta'")
            }
        }
    }

    @Test("a few rows indexed apart rank as in the whole index, given its totals and frequencies")
    func scratchRanksAsTheIndex() async throws {
        let database = try await Self.database()
        let match = "\"beta gamma\" OR delta OR title : alpha"
        let phrases = ["\"beta gamma\"", "delta", "title : alpha"]
        // Every third row, ranked in the whole index with bm25() and with its text apart.
        let (expected, texts, frequencies, totals) = try await database.read { db in
            let frequencies = try phrases.map { phrase in
                Double(
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM docs WHERE docs MATCH ?", arguments: [phrase]) ?? 0)
            }
            let rows = try Row.fetchAll(
                db, sql: "SELECT rowid, title, body FROM docs WHERE rowid % 3 = 0 ORDER BY rowid")
            var expected: [Int: Double] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT rowid, bm25(docs) FROM docs WHERE docs MATCH ? AND rowid % 3 = 0", arguments: [match])
            {
                let rowid: Int64 = row[0]
                expected[rows.firstIndex { $0[0] == rowid } ?? -1] = -(row[1] as Double)
            }
            return (
                expected, rows.map { [$0["title"] as String, $0["body"] as String] }, frequencies,
                try FullTextTotals.read(db, table: "docs")
            )
        }
        #expect(totals?.rows == 60)
        let scratch = try FullTextScratch(columns: ["title", "body"], tokenizer: "unicode61")
        try scratch.add(texts)
        let given = try scratch.rank(match, frequencies: frequencies, totals: try #require(totals))
        #expect(expected.count > 3 && Set(given.keys) == Set(expected.keys))
        for (number, score) in expected {
            #expect(abs(score - (given[number] ?? 0)) <= 1e-9 * max(1, abs(score)), "row \(number)")
        }
        // Other totals give other scores; a frequency above the rows (an estimate can be) weighs the least, never NaN.
        let apart = try scratch.rank(match, frequencies: frequencies, totals: FullTextTotals(rows: 20, tokens: 100))
        #expect(apart.count == given.count && apart != given && apart.values.allSatisfy(\.isFinite))
    }
}
