import Foundation
import PapersEntity

/// The local library: papers, favourites, fetch history and an offline full-text index.
///
/// A paper saved again is updated in place when the new record is newer (a higher version, or
/// the same version updated later), never duplicated. Every write is one transaction: a save or
/// an import that fails leaves the library as it was.
public protocol PaperLibrary: Sendable {
    /// The paper with this id (without version), if the library has it.
    func paper(id: String) async throws -> Paper?
    /// The papers the library has of these ids (without version), by id, in one read.
    func papers(ids: [String]) async throws -> [String: Paper]
    /// Saves papers and, when `query` is given, one fetch-history record, in one transaction.
    @discardableResult
    func save(_ papers: [Paper], fetchedBy query: String?, at date: Date) async throws -> SaveSummary
    /// Saves every batch `produce` hands to `save`, in one transaction; if `produce` throws, nothing is kept.
    ///
    /// `produce` runs beside the write, so that reading the input and writing the library
    /// overlap; the call returns only after `produce` has.
    @discardableResult
    func importing(_ produce: @escaping @Sendable (_ save: ([Paper]) async throws -> Void) async throws -> Void)
        async throws -> SaveSummary
    /// The papers matching `expression`, best match first, `limit` of them from `offset`: the
    /// papers `QueryMatcher` matches, no more and no fewer.
    func search(_ expression: QueryExpression, offset: Int, limit: Int) async throws -> LibraryPage
    /// How many papers match `expression`: exactly, or more than a bound when counting all would
    /// cost more than a search. A search whose page says its `total` need not be counted again.
    func count(_ expression: QueryExpression) async throws -> MatchCount
    /// The `limit` papers whose version 1 is newest, newest first.
    func newest(limit: Int) async throws -> [Paper]
    /// Every paper, a page at a time: the first `limit` whose ids sort after `id` (from the first when nil), by id.
    func papers(after id: String?, limit: Int) async throws -> [Paper]
    /// Marks or unmarks a favourite; returns whether anything changed.
    ///
    /// - Throws: `PapersError.notInLibrary` when marking a paper the library lacks.
    @discardableResult
    func setFavourite(id: String, _ favourite: Bool, at date: Date) async throws -> Bool
    /// The favourites, most recently marked first.
    func favourites() async throws -> [Paper]
    /// The ids of every favourite.
    func favouriteIDs() async throws -> Set<String>
    /// The version each favourite had when it was marked, by id (favourites marked before versions were kept have none).
    func markedVersions() async throws -> [String: Int]
    /// Counts, top categories and dates.
    func stats() async throws -> LibraryStats
    /// How many papers the library holds: `stats().papers` without the rest of its work.
    func paperCount() async throws -> Int
    /// Looks for damage; with `fix`, repairs what it can in one transaction and checks again.
    func checkHealth(fix: Bool) async throws -> LibraryHealth
    /// The saved state of the harvest following `key`, if one ever stored a page.
    func harvestState(_ key: HarvestKey) async throws -> HarvestState?
    /// Saves a harvested page in one transaction: its papers, the withdrawal of its deleted
    /// records' papers, and the harvest's state after it. A run killed at any point loses at
    /// most the page in flight, and the saved token says where to go on.
    ///
    /// - Returns: what saving the papers did, and how many papers the library had were marked withdrawn.
    func saveHarvestPage(_ papers: [Paper], withdrawn ids: [String], state: HarvestState) async throws
        -> (saved: SaveSummary, withdrawn: Int)
    /// The sets last listed by the repository at `endpoint` (empty if never listed).
    func harvestSets(endpoint: String) async throws -> [HarvestSet]
    /// Replaces the sets kept for `endpoint`.
    func saveHarvestSets(_ sets: [HarvestSet], endpoint: String) async throws
    /// The saved searches, in the order they were added.
    func watches() async throws -> [Watch]
    /// Adds a watch after the others.
    ///
    /// - Throws: `PapersError.watchExists` when the name is taken.
    func addWatch(_ watch: Watch) async throws
    /// Removes a watch.
    ///
    /// - Throws: `PapersError.noSuchWatch` when no watch has the name.
    func removeWatch(named name: String) async throws
    /// The write stamp the last digest showed up to, if a digest ever moved it.
    func digestMark() async throws -> Date?
    /// Moves the digest's mark forward to `date`: a mark already later stays (two digests at once).
    func setDigestMark(_ date: Date) async throws
    /// The papers that entered the library, or whose version did, after `date` (every paper when
    /// nil), with when; and the stamp of the last write.
    func changes(since date: Date?) async throws -> LibraryChanges
    /// For each expression, the BM25 scores, higher better, of the papers of `ids` that match any
    /// of its positive terms (those outside an ANDNOT's right side).
    func relevance(of ids: [String], to expressions: [QueryExpression]) async throws -> [[String: Double]]
    /// How many papers hold each word, and how many papers the library has.
    func documentFrequencies(_ words: [String]) async throws -> (papers: Int, frequencies: [Double])
}

extension PaperLibrary {
    /// Saves papers with no fetch-history record.
    @discardableResult
    public func save(_ papers: [Paper]) async throws -> SaveSummary {
        try await save(papers, fetchedBy: nil, at: Date(timeIntervalSince1970: 0))
    }
}
