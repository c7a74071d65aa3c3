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
}
