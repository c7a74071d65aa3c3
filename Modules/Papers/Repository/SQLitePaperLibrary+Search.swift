import Database
import Foundation
import PapersEntity

/// Library search: a query translated to FTS5 (`FullTextQuery`), ranked by BM25, counted and paged.
extension SQLitePaperLibrary {
    /// Up to how many matches a large library counts exactly, unless told otherwise; past it, a
    /// count says "more than".
    ///
    /// Counting reads a posting per match (about 45 ns each): 10,000 cost under a millisecond,
    /// where every posting of a word in a third of 3 million papers costs 45 ms, four times a
    /// search. A person reads "more than 10,000" as "narrow it down", as they would the exact figure.
    public static let countedUpTo = 10_000

    /// The papers matching `expression`, best match (BM25) first, `limit` from `offset`.
    ///
    /// A library of up to `everyMatchUpTo` papers ranks every match (`rankEveryMatch`). A larger
    /// one ranks the `newestMatches` newest matches (`rankNewestMatches`): reading every posting
    /// of a common word in 3 million papers takes longer than a search may, before any ranking;
    /// its pages end there (`LibraryPage.rankedNewest`).
    public func search(_ expression: QueryExpression, offset: Int, limit: Int) async throws -> LibraryPage {
        guard let query = FullTextQuery(expression), limit > 0, offset >= 0 else { return LibraryPage(papers: []) }
        let (everyMatchUpTo, newest) = (everyMatchUpTo, newestMatches)
        // One read for the library's size and, when it is large, the phrases' frequencies.
        let (lastKey, frequencies) = try await database.read { db in
            let lastKey = try Int64.fetchOne(db, sql: "SELECT max(key) FROM papers") ?? 0
            guard lastKey > everyMatchUpTo else { return (lastKey, [Double]?.none) }
            return (
                lastKey, try query.phrases.map { try Self.documentFrequency(db, $0, sample: newest, lastKey: lastKey) }
            )
        }
        guard lastKey > 0 else { return LibraryPage(papers: []) }
        guard let frequencies else {
            let best = try await rankEveryMatch(query.match, lastKey: lastKey, best: offset + limit)
            return LibraryPage(papers: best.dropFirst(offset).map(\.paper))
        }
        guard offset < newest else { return LibraryPage(papers: [], rankedNewest: newest) }
        let (best, matched) = try await rankNewestMatches(
            query, frequencies: frequencies, best: min(offset + limit, newest))
        // Fewer matches than the newest ranked are all of them: no count needs to read them again.
        return LibraryPage(
            papers: best.dropFirst(offset).map(\.paper), rankedNewest: newest,
            total: matched < newest ? .exactly(matched) : nil)
    }

    /// How many papers match `expression`: every match in a library of up to `everyMatchUpTo`
    /// papers, else up to `countedUpTo` (the newest postings first, as FTS5 keeps them).
    public func count(_ expression: QueryExpression) async throws -> MatchCount {
        guard let query = FullTextQuery(expression) else { return .exactly(0) }
        let (everyMatchUpTo, bound) = (everyMatchUpTo, countedUpTo)
        return try await database.read { db in
            let lastKey = try Int64.fetchOne(db, sql: "SELECT max(key) FROM papers") ?? 0
            guard lastKey > everyMatchUpTo else {
                let all = "SELECT count(*) FROM papers_fts WHERE papers_fts MATCH ?"
                return .exactly(try Int.fetchOne(db.cachedStatement(sql: all), arguments: [query.match]) ?? 0)
            }
            let some = """
                SELECT count(*) FROM (SELECT rowid FROM papers_fts WHERE papers_fts MATCH ? ORDER BY rowid DESC LIMIT ?)
                """
            let found = try Int.fetchOne(db.cachedStatement(sql: some), arguments: [query.match, bound + 1]) ?? 0
            return found > bound ? .moreThan(bound) : .exactly(found)
        }
    }

    /// Every match ranked by FTS5's `bm25()`, the best `best`.
    ///
    /// BM25 costs about a microsecond per matching paper, so a word found in most of a
    /// 100,000-paper library takes tens of milliseconds to rank on one core. A large library is
    /// therefore ranked in key ranges on every core at once (each range's best, merged by
    /// score): the result is the same, because FTS5 computes BM25's document frequencies over
    /// the whole index whatever rows a query is limited to.
    private func rankEveryMatch(_ match: String, lastKey: Int64, best: Int) async throws -> [ScoredPaper] {
        let parts = lastKey < parallelSearchFrom ? 1 : Self.cores
        let ranges = (0..<parts).map { part in
            (lastKey * Int64(part) / Int64(parts) + 1)...(lastKey * Int64(part + 1) / Int64(parts))
        }
        // Each range is ranked on a reader connection of its own, so they run on every core.
        let found = try await database.read(parts: parts) { part, db in
            try Self.rank(db, match, keys: ranges[part], limit: best)
        }
        return Self.best(found, limit: best)
    }

    /// The best `best` of the `newestMatches` newest matches, by BM25 with estimated document frequencies.
    ///
    /// Both costs of `bm25()` grow with the library: it reads every posting of each phrase to
    /// count its documents, and ranks every match. Here each phrase's frequency comes from its
    /// `newestMatches` newest postings (exact when it has fewer; otherwise their share of the
    /// keys they span, scaled to the library), through `bm25_df`, and only the `newestMatches`
    /// newest matches of the whole query are ranked, in equal slices on every core: a common
    /// word's best matches are those of the recent papers, never an older paper that matches
    /// better. A search reads at most that many postings per phrase and ranks at most that many
    /// papers, whatever the library's size.
    /// Returns the best and how many matches the ranked slices held (all the matches, when fewer
    /// than `newestMatches`).
    private func rankNewestMatches(_ query: FullTextQuery, frequencies: [Double], best: Int) async throws
        -> (best: [ScoredPaper], matched: Int)
    {
        let parts = Self.cores
        let slice = (newestMatches + parts - 1) / parts
        let placeholders = frequencies.map { _ in "?" }.joined(separator: ", ")
        let found = try await database.read(parts: parts) { part, db in
            try Self.papers(
                db,
                ranked: """
                    SELECT key, score, count(*) OVER () AS matched FROM (
                        SELECT rowid AS key, \(BM25Function.name)(papers_fts, \(placeholders)) AS score
                        FROM papers_fts WHERE papers_fts MATCH ? ORDER BY rowid DESC LIMIT ? OFFSET ?
                    ) ORDER BY score, key LIMIT ?
                    """,
                arguments: StatementArguments(frequencies) + [query.match, slice, slice * part, best])
        }
        return (Self.best(found, limit: best), found.map { $0.first?.matched ?? 0 }.reduce(0, +))
    }

    /// The best `limit` of several parts' best, equal scores in key order.
    private static func best(_ parts: [[ScoredPaper]], limit: Int) -> [ScoredPaper] {
        Array(parts.joined().sorted { ($0.score, $0.key) < ($1.score, $1.key) }.prefix(limit))
    }

    /// How many reader connections a search ranks on at once.
    private static var cores: Int { min(4, max(2, ProcessInfo.processInfo.activeProcessorCount)) }

    /// How many papers match `phrase`, from its `sample` newest postings.
    static func documentFrequency(_ db: Database, _ phrase: String, sample: Int, lastKey: Int64) throws
        -> Double
    {
        let row = try Row.fetchOne(
            db.cachedStatement(
                sql: """
                    SELECT count(*) AS found, min(key) AS oldest FROM (
                        SELECT rowid AS key FROM papers_fts WHERE papers_fts MATCH ? ORDER BY rowid DESC LIMIT ?
                    )
                    """), arguments: [phrase, sample])
        let (found, oldest): (Int, Int64?) = (row?["found"] ?? 0, row?["oldest"])
        guard found == sample, let oldest else { return Double(found) }
        return Double(found) * Double(lastKey) / Double(lastKey - oldest + 1)
    }

    private struct ScoredPaper: Sendable {
        let score: Double
        let key: Int64
        let paper: Paper
        /// How many rows the ranked query held, when it says (`matched`).
        let matched: Int?

        /// A row of the papers table's columns with the `score`, the `key` and maybe `matched`.
        init(_ row: Row) throws {
            score = row["score"]
            key = row["key"]
            matched = row["matched"]
            paper = try Columns.paper(row)
        }
    }

    /// The best `limit` matches among papers whose key is in `keys`, with their BM25 scores;
    /// equal scores in key order, so a search answers the same however it is split.
    ///
    /// The ranking runs on keys and scores alone, and only the best `limit` rows are joined to
    /// `papers`: ordering the join by `rank, rowid` made SQLite fetch every match's row first
    /// (153 ms instead of 71 for a word in 84,000 of 100,000 papers).
    private static func rank(_ db: Database, _ match: String, keys: ClosedRange<Int64>, limit: Int) throws
        -> [ScoredPaper]
    {
        try papers(
            db,
            ranked: """
                SELECT rowid AS key, bm25(papers_fts) AS score FROM papers_fts
                WHERE papers_fts MATCH ? AND rowid BETWEEN ? AND ? ORDER BY score, rowid LIMIT ?
                """, arguments: [match, keys.lowerBound, keys.upperBound, limit])
    }

    /// The papers of `ranked` (a query of `key, score` rows, already cut to the best few) with
    /// their scores, best first: only those rows are joined to `papers`.
    private static func papers(_ db: Database, ranked: String, arguments: StatementArguments) throws
        -> [ScoredPaper]
    {
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(Columns.select("p")), best.* FROM (\(ranked)) AS best
                    JOIN papers p ON p.key = best.key ORDER BY best.score, best.key
                    """), arguments: arguments
        ).map(ScoredPaper.init(_:))
    }
}
