import Core
import Foundation
import PapersEntity
import Synchronization

/// The library in memory, for tests: the same rules as SQLite (newer wins, all or nothing), a plain word search.
public final class InMemoryPaperLibrary: PaperLibrary {
    private struct State {
        var papers: [String: Paper] = [:]
        var favourites: [String: Date] = [:]
        var markedVersions: [String: Int] = [:]
        var fetches: [(query: String, date: Date)] = []
        var harvests: [HarvestKey: HarvestState] = [:]
        var sets: [String: [HarvestSet]] = [:]
        var watches: [Watch] = []
        var digestMark: Date?
        /// When each paper entered and when its current version did, in write stamps.
        var entered: [String: Int64] = [:]
        var revised: [String: Int64] = [:]
        /// The last write's stamp: writes are counted, not timed, in memory.
        var stamp: Int64 = 0
    }

    private let state = Mutex(State())

    /// Creates an empty library, or one holding `papers`.
    public init(papers: [Paper] = []) {
        state.withLock { state in
            for paper in papers {
                state.papers[paper.id] = paper
                (state.entered[paper.id], state.revised[paper.id]) = (0, 0)
            }
        }
    }

    /// The paper with this id.
    public func paper(id: String) async throws -> Paper? { state.withLock { $0.papers[id] } }

    /// The papers of these ids that the library has.
    public func papers(ids: [String]) async throws -> [String: Paper] {
        state.withLock { state in
            Dictionary(ids.compactMap { state.papers[$0].map { ($0.id, $0) } }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Saves papers and a fetch record.
    public func save(_ papers: [Paper], fetchedBy query: String?, at date: Date) async throws -> SaveSummary {
        let summary = try await importing { save in try await save(papers) }
        if let query { state.withLock { $0.fetches.append((query, date)) } }
        return summary
    }

    /// Applies what `produce` yields to a copy, and keeps the copy only if `produce` finishes.
    public func importing(_ produce: @escaping @Sendable (_ save: ([Paper]) async throws -> Void) async throws -> Void)
        async throws -> SaveSummary
    {
        var (papers, revised) = state.withLock { ($0.papers, $0.revised) }
        var added: [String] = []
        var summary = SaveSummary()
        func keep(_ paper: Paper) {
            if let old = papers[paper.id] {
                if paper.version > old.version || (paper.version == old.version && paper.updated > old.updated) {
                    if paper.version > old.version { revised[paper.id] = -1 }
                    var paper = paper
                    paper.published = min(paper.published, old.published)
                    if paper.versions.isEmpty { paper.versions = old.versions }
                    paper.license = paper.license ?? old.license
                    papers[paper.id] = paper
                    summary.updated += 1
                } else {
                    summary.unchanged += 1
                }
            } else {
                papers[paper.id] = paper
                added.append(paper.id)
                summary.added += 1
            }
        }
        try await produce { batch in
            for paper in batch { keep(paper) }
        }
        state.withLock { state in
            state.stamp += 1
            state.papers = papers
            for (id, stamp) in revised where stamp == -1 { revised[id] = state.stamp }
            state.revised = revised
            for id in added { (state.entered[id], state.revised[id]) = (state.stamp, state.stamp) }
        }
        return summary
    }

    /// The papers `expression` matches, newest first, `limit` from `offset`.
    public func search(_ expression: QueryExpression, offset: Int, limit: Int) async throws -> LibraryPage {
        let matcher = QueryMatcher(expression)
        let found = state.withLock { $0.papers.values }.filter { matcher.matches(PaperText($0)) }
            .sorted { ($0.published, $0.id) > ($1.published, $1.id) }
        return LibraryPage(
            papers: Array(found.dropFirst(max(0, offset)).prefix(max(0, limit))), total: .exactly(found.count))
    }

    /// How many papers `expression` matches, exactly.
    public func count(_ expression: QueryExpression) async throws -> MatchCount {
        let matcher = QueryMatcher(expression)
        return .exactly(state.withLock { $0.papers.values }.filter { matcher.matches(PaperText($0)) }.count)
    }

    /// The `limit` papers whose version 1 is newest, newest first.
    public func newest(limit: Int) async throws -> [Paper] {
        Array(
            state.withLock { $0.papers.values }.sorted { ($0.published, $1.id) > ($1.published, $0.id) }
                .prefix(max(0, limit)))
    }

    /// How many papers the library holds.
    public func paperCount() async throws -> Int { state.withLock { $0.papers.count } }

    /// A page of every paper, by id.
    public func papers(after id: String?, limit: Int) async throws -> [Paper] {
        let papers = state.withLock { $0.papers.values.filter { $0.id > (id ?? "") } }
        return Array(papers.sorted { $0.id < $1.id }.prefix(max(0, limit)))
    }

    /// Marks or unmarks a favourite.
    public func setFavourite(id: String, _ favourite: Bool, at date: Date) async throws -> Bool {
        try state.withLock { state in
            if favourite {
                guard state.papers[id] != nil else {
                    throw PapersError.notInLibrary(id)
                }
                guard state.favourites[id] == nil else { return false }
                state.favourites[id] = date
                state.markedVersions[id] = state.papers[id]?.version
                return true
            }
            state.markedVersions[id] = nil
            return state.favourites.removeValue(forKey: id) != nil
        }
    }

    /// The favourites, most recently marked first.
    public func favourites() async throws -> [Paper] {
        state.withLock { state in
            state.favourites.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.compactMap { state.papers[$0.key] }
        }
    }

    /// The ids of every favourite.
    public func favouriteIDs() async throws -> Set<String> { state.withLock { Set($0.favourites.keys) } }

    /// The version each favourite had when it was marked.
    public func markedVersions() async throws -> [String: Int] { state.withLock { $0.markedVersions } }

    /// Counts, top categories and dates.
    public func stats() async throws -> LibraryStats {
        state.withLock { state in
            let counts = Dictionary(grouping: state.papers.values, by: \.primaryCategory).mapValues(\.count)
            let top = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(10).map {
                CategoryCount(category: $0.key, count: $0.value)
            }
            let dates = state.papers.values.map(\.published)
            return LibraryStats(
                papers: state.papers.count, favourites: state.favourites.count, fetches: state.fetches.count,
                topCategories: top, oldestPublished: dates.min(), newestPublished: dates.max(),
                lastFetch: state.fetches.map(\.date).max())
        }
    }

    /// Memory has no file and no index to damage: only favourites of papers it lacks could be wrong.
    public func checkHealth(fix: Bool) async throws -> LibraryHealth {
        state.withLock { state in
            let orphans = state.favourites.keys.filter { state.papers[$0] == nil }.sorted()
            let problems: [LibraryProblem] = orphans.isEmpty ? [] : [.orphanedFavourites(ids: orphans)]
            guard fix else { return LibraryHealth(papers: state.papers.count, problems: problems) }
            for id in orphans { state.favourites[id] = nil }
            return LibraryHealth(papers: state.papers.count, problems: problems, fixed: problems)
        }
    }

    /// The harvest's saved state.
    public func harvestState(_ key: HarvestKey) async throws -> HarvestState? { state.withLock { $0.harvests[key] } }

    /// Saves the papers, marks the deleted ones withdrawn and keeps the state.
    public func saveHarvestPage(_ papers: [Paper], withdrawn ids: [String], state harvest: HarvestState) async throws
        -> (saved: SaveSummary, withdrawn: Int)
    {
        let saved = try await importing { save in try await save(papers) }
        let withdrawn = state.withLock { state in
            state.harvests[harvest.key] = harvest
            var marked = 0
            for id in ids where state.papers[id]?.withdrawn == false {
                state.papers[id]?.withdrawn = true
                marked += 1
            }
            return marked
        }
        return (saved, withdrawn)
    }

    /// The sets kept for `endpoint`.
    public func harvestSets(endpoint: String) async throws -> [HarvestSet] {
        state.withLock { $0.sets[endpoint] ?? [] }
    }

    /// Replaces the sets kept for `endpoint`.
    public func saveHarvestSets(_ sets: [HarvestSet], endpoint: String) async throws {
        state.withLock { $0.sets[endpoint] = sets }
    }

    /// The watches, in the order they were added.
    public func watches() async throws -> [Watch] { state.withLock { $0.watches } }

    /// Adds a watch after the others.
    public func addWatch(_ watch: Watch) async throws {
        try state.withLock { state in
            guard !state.watches.contains(where: { $0.name == watch.name }) else {
                throw PapersError.watchExists(watch.name)
            }
            state.watches.append(watch)
        }
    }

    /// Removes a watch.
    public func removeWatch(named name: String) async throws {
        try state.withLock { state in
            guard let index = state.watches.firstIndex(where: { $0.name == name }) else {
                throw PapersError.noSuchWatch(name, known: state.watches.map(\.name))
            }
            state.watches.remove(at: index)
        }
    }

    /// The digest's mark.
    public func digestMark() async throws -> Date? { state.withLock { $0.digestMark } }

    /// Moves the digest's mark forward to `date`; a mark already past it stays.
    public func setDigestMark(_ date: Date) async throws {
        state.withLock { $0.digestMark = max($0.digestMark ?? date, date) }
    }

    /// The papers added or given a new version after `date`, stamps as milliseconds.
    public func changes(since date: Date?) async throws -> LibraryChanges {
        state.withLock { state in
            let after = date?.millisecondsSince1970 ?? 0
            let changes = state.papers.values.compactMap { paper -> PaperChange? in
                let revised = state.revised[paper.id] ?? 0
                guard revised > after else { return nil }
                return PaperChange(
                    paper: paper, entered: Date(millisecondsSince1970: state.entered[paper.id] ?? 0),
                    revised: Date(millisecondsSince1970: revised))
            }
            return LibraryChanges(
                changes: changes.sorted { ($0.entered, $0.paper.id) < ($1.entered, $1.paper.id) },
                lastWrite: state.stamp > 0 ? Date(millisecondsSince1970: state.stamp) : nil)
        }
    }

    /// How many of the words of each text each paper holds: a stand-in for BM25.
    public func relevance(of ids: [String], to expressions: [QueryExpression]) async throws -> [[String: Double]] {
        state.withLock { state in
            let held = ids.compactMap { id in
                state.papers[id].map { paper in
                    let text = PaperText(paper)
                    return (id, Set(text.title + text.summary + text.authors))
                }
            }
            return expressions.map { expression in
                let words = expression.positiveTerms.flatMap { PaperText.words($0.words) }
                var scores: [String: Double] = [:]
                for (id, paperWords) in held {
                    let count = words.filter(paperWords.contains).count
                    if count > 0 { scores[id] = Double(count) }
                }
                return scores
            }
        }
    }

    /// How many papers hold each word.
    public func documentFrequencies(_ words: [String]) async throws -> (papers: Int, frequencies: [Double]) {
        state.withLock { state in
            let texts = state.papers.values.map { paper in
                let text = PaperText(paper)
                return Set(text.title + text.summary + text.authors)
            }
            return (state.papers.count, words.map { word in Double(texts.filter { $0.contains(word) }.count) })
        }
    }
}
