import Foundation
import GRDB

/// A few documents indexed apart, in memory, and ranked as a large index would rank them.
///
/// Ranking a handful of documents in the large index itself makes FTS5 walk every posting of the
/// query's words (at arXiv's size a common word has a million) to keep the handful. Indexed
/// apart with the same tokenizer they cost only themselves, and `bm25_totals`, given the large
/// index's totals and document frequencies, gives the scores the large index would.
public struct FullTextScratch: Sendable {
    private let queue: DatabaseQueue
    private let columns: [String]

    /// An empty index with `columns`, split into words by `tokenizer` (an FTS5 `tokenize` option).
    public init(columns: [String], tokenizer: String) throws {
        var configuration = Configuration()
        configuration.prepareDatabase { db in BM25Function.register(db) }
        queue = try DatabaseQueue(configuration: configuration)
        self.columns = columns
        let tokenize = "'" + tokenizer.replacingOccurrences(of: "'", with: "''") + "'"
        try queue.write { db in
            try db.execute(
                sql:
                    "CREATE VIRTUAL TABLE scratch USING fts5(\(columns.joined(separator: ", ")), tokenize = \(tokenize))"
            )
        }
    }

    /// Indexes `documents`, one text per column each; a document is known by its place in the array.
    public func add(_ documents: [[String]]) throws {
        let placeholders = Array(repeating: "?", count: columns.count + 1).joined(separator: ", ")
        try queue.write { db in
            let insert = try db.makeStatement(
                sql: "INSERT INTO scratch(rowid, \(columns.joined(separator: ", "))) VALUES (\(placeholders))")
            for (number, texts) in documents.enumerated() {
                try insert.execute(arguments: StatementArguments([Int64(number)] + texts))
            }
        }
    }

    /// The documents matching the FTS5 query `match`, by their place, with their BM25 scores
    /// (higher is better) under the large index's `totals` and one document frequency per phrase.
    public func rank(_ match: String, frequencies: [Double], totals: FullTextTotals) throws -> [Int: Double] {
        let placeholders = Array(repeating: "?", count: frequencies.count + 2).joined(separator: ", ")
        return try queue.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT rowid AS number, \(BM25Function.withTotalsName)(scratch, \(placeholders)) AS score
                    FROM scratch WHERE scratch MATCH ?
                    """,
                arguments: StatementArguments([totals.rows, totals.tokens]) + StatementArguments(frequencies) + [match])
            var scores: [Int: Double] = [:]
            for row in rows { scores[row["number"]] = -(row["score"] as Double) }
            return scores
        }
    }
}
