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

    /// `bm25_totals(fts_table, rows, tokens, df…)`: the same, with the row count and the token total
    /// of another index, so that a few documents indexed apart rank as they would in it.
    public static let withTotalsName = "bm25_totals"

    /// `fts_totals(fts_table)`: the index's row count and token total, as the text `"ROWS TOKENS"`.
    static let totalsName = "fts_totals"

    /// Registers the functions on one connection (FTS5 functions are per connection).
    public static func register(_ db: Database) {
        let api = FTS5.api(db)
        let mutable = UnsafeMutablePointer(mutating: api)
        _ = api.pointee.xCreateFunction?(mutable, name, nil, bm25WithFrequencies, nil)
        _ = api.pointee.xCreateFunction?(mutable, withTotalsName, nil, bm25WithTotals, nil)
        _ = api.pointee.xCreateFunction?(mutable, totalsName, nil, indexTotals, nil)
    }
}

/// How many rows a full-text index holds and how many tokens they have in all: what BM25 needs of the collection.
public struct FullTextTotals: Sendable, Equatable {
    /// The indexed rows.
    public var rows: Int64
    /// The tokens of every column of every row.
    public var tokens: Int64

    public init(rows: Int64, tokens: Int64) {
        self.rows = rows
        self.tokens = tokens
    }

    /// The totals of the FTS5 table `table` (nil when it holds no row), read from its statistics.
    public static func read(_ db: Database, table: String) throws -> FullTextTotals? {
        let quoted = table.quotedDatabaseIdentifier
        guard
            let text = try String.fetchOne(
                db, sql: "SELECT \(BM25Function.totalsName)(\(quoted)) FROM \(quoted) LIMIT 1")
        else { return nil }
        let parts = text.split(separator: " ").compactMap { Int64($0) }
        guard parts.count == 2 else { return nil }
        return FullTextTotals(rows: parts[0], tokens: parts[1])
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

    /// The statistics of this query: the document frequencies are `values`, the totals are
    /// `totals` when given, else the queried index's own.
    static func make(
        _ api: Fts5ExtensionApi, _ fts: OpaquePointer?, _ values: UnsafeMutablePointer<OpaquePointer?>,
        totals: FullTextTotals? = nil
    ) -> QueryStatistics? {
        if let kept = api.xGetAuxdata?(fts, 0) {
            return Unmanaged<QueryStatistics>.fromOpaque(kept).takeUnretainedValue()
        }
        guard let totals = totals ?? ownTotals(api, fts), totals.rows > 0 else { return nil }
        let phrases = Int(api.xPhraseCount?(fts) ?? 0)
        let idf = (0..<phrases).map { phrase in
            let documents = sqlite3_value_double(values[phrase])
            // An estimated frequency can exceed the rows: its log would be NaN, which SQLite returns as NULL.
            let odds = (Double(totals.rows) - documents + 0.5) / (documents + 0.5)
            return odds > 1 ? max(log(odds), 1e-6) : 1e-6
        }
        let statistics = QueryStatistics(averageLength: Double(totals.tokens) / Double(totals.rows), idf: idf)
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
    score(api, fts, result, QueryStatistics.make(api, fts, values), name: BM25Function.name)
}

private func bm25WithTotals(
    api: UnsafePointer<Fts5ExtensionApi>?, fts: OpaquePointer?, result: OpaquePointer?, count: Int32,
    values: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let api = api?.pointee, let values else { return }
    guard count == 2 + (api.xPhraseCount?(fts) ?? 0) else {
        sqlite3_result_error(
            result, "\(BM25Function.withTotalsName): rows, tokens and one document frequency per phrase", -1)
        return
    }
    let totals = FullTextTotals(rows: sqlite3_value_int64(values[0]), tokens: sqlite3_value_int64(values[1]))
    score(
        api, fts, result, QueryStatistics.make(api, fts, values + 2, totals: totals), name: BM25Function.withTotalsName)
}

private func indexTotals(
    api: UnsafePointer<Fts5ExtensionApi>?, fts: OpaquePointer?, result: OpaquePointer?, count: Int32,
    values: UnsafeMutablePointer<OpaquePointer?>?
) {
    guard let api = api?.pointee else { return }
    guard let totals = ownTotals(api, fts) else {
        sqlite3_result_error(result, "\(BM25Function.totalsName): the index has no statistics", -1)
        return
    }
    sqlite3_result_text(result, "\(totals.rows) \(totals.tokens)", -1, transient)
}

/// The queried index's own row count and token total, from FTS5's statistics; nil when it has none.
private func ownTotals(_ api: Fts5ExtensionApi, _ fts: OpaquePointer?) -> FullTextTotals? {
    var rows: Int64 = 0
    var tokens: Int64 = 0
    guard api.xRowCount?(fts, &rows) == SQLITE_OK, api.xColumnTotalSize?(fts, -1, &tokens) == SQLITE_OK else {
        return nil
    }
    return FullTextTotals(rows: rows, tokens: tokens)
}

/// The BM25 score of the current row under `statistics`, negated, as the result.
private func score(
    _ api: Fts5ExtensionApi, _ fts: OpaquePointer?, _ result: OpaquePointer?, _ statistics: QueryStatistics?,
    name: String
) {
    var length: Int32 = 0
    guard let statistics, api.xColumnSize?(fts, -1, &length) == SQLITE_OK else {
        sqlite3_result_error(result, "\(name): the index has no statistics for this row", -1)
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
