import Foundation
import GRDB
import GRDBSQLite

/// `bm25_df(fts_table, df…)`: FTS5's BM25 with each phrase's document frequency given by the caller.
///
/// FTS5's own `bm25()` counts the documents of every phrase before it ranks the first row, by
/// reading each phrase's whole posting list: on a 3-million-paper index a common word costs
/// about 70 ms before anything is ranked. A caller that already knows the frequencies, or
/// estimates them from a bounded read of the postings, passes one per phrase in the query's
/// phrase order. The rest is FTS5's formula (k1 = 1.2, b = 0.75, every column of weight 1,
/// idf at least 10⁻⁶), negated like `bm25()`, so that a smaller score is a better match; with
/// exact frequencies it gives `bm25()`'s scores.
public enum BM25Function {
    /// The SQL name of the function.
    public static let name = "bm25_df"

    /// Registers the function on one connection (FTS5 functions are per connection).
    static func register(_ db: Database) {
        let api = FTS5.api(db)
        _ = api.pointee.xCreateFunction?(UnsafeMutablePointer(mutating: api), name, nil, bm25WithFrequencies, nil)
    }
}

/// BM25's term-frequency saturation.
private let k1 = 1.2
/// How much BM25 normalises by the document's length.
private let lengthWeight = 0.75

/// What every row of one query shares: computed at its first row and kept as FTS5 auxiliary data.
///
/// FTS5 reads the row count and total length from the index on each call (bm25() keeps them
/// the same way), which would cost a lookup per ranked row.
private final class QueryStatistics {
    let averageLength: Double
    let idf: [Double]

    init(averageLength: Double, idf: [Double]) {
        self.averageLength = averageLength
        self.idf = idf
    }

    static func make(_ api: Fts5ExtensionApi, _ fts: OpaquePointer?, _ values: UnsafeMutablePointer<OpaquePointer?>)
        -> QueryStatistics?
    {
        if let kept = api.xGetAuxdata?(fts, 0) {
            return Unmanaged<QueryStatistics>.fromOpaque(kept).takeUnretainedValue()
        }
        var rows: Int64 = 0
        var tokens: Int64 = 0
        guard api.xRowCount?(fts, &rows) == SQLITE_OK, api.xColumnTotalSize?(fts, -1, &tokens) == SQLITE_OK,
            rows > 0
        else { return nil }
        let phrases = Int(api.xPhraseCount?(fts) ?? 0)
        let idf = (0..<phrases).map { phrase in
            let documents = sqlite3_value_double(values[phrase])
            return max(log((Double(rows) - documents + 0.5) / (documents + 0.5)), 1e-6)
        }
        let statistics = QueryStatistics(averageLength: Double(tokens) / Double(rows), idf: idf)
        let kept = Unmanaged.passRetained(statistics).toOpaque()
        guard
            api.xSetAuxdata?(
                fts, kept,
                { kept in
                    if let kept { Unmanaged<QueryStatistics>.fromOpaque(kept).release() }
                }) == SQLITE_OK
        else { return nil }
        return statistics
    }
}

private func bm25WithFrequencies(
    api: UnsafePointer<Fts5ExtensionApi>?, fts: OpaquePointer?, result: OpaquePointer?, count: Int32,
    values: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let api = api?.pointee, let values else { return }
    guard count == api.xPhraseCount?(fts) ?? 0 else {
        sqlite3_result_error(result, "\(BM25Function.name): one document frequency per phrase", -1)
        return
    }
    var length: Int32 = 0
    guard let statistics = QueryStatistics.make(api, fts, values), api.xColumnSize?(fts, -1, &length) == SQLITE_OK
    else {
        sqlite3_result_error(result, "\(BM25Function.name): the index has no statistics for this row", -1)
        return
    }
    let normaliser = k1 * (1 - lengthWeight + lengthWeight * Double(length) / statistics.averageLength)
    var score = 0.0
    for (phrase, idf) in statistics.idf.enumerated() {
        var iterator = Fts5PhraseIter()
        var column: Int32 = 0
        var offset: Int32 = 0
        var hits = 0.0
        _ = api.xPhraseFirst?(fts, Int32(phrase), &iterator, &column, &offset)
        while column >= 0 {
            hits += 1
            api.xPhraseNext?(fts, &iterator, &column, &offset)
        }
        score += idf * (hits * (k1 + 1)) / (hits + normaliser)
    }
    sqlite3_result_double(result, -score)
}
