import Foundation
import PapersEntity

/// Saved searches and the digest of what is new for them.
extension PapersUseCase {
    /// Saves a search under `name` (the query itself when nil).
    ///
    /// - Throws: `PapersError.badQuery` (with its column) for a query that does not parse,
    ///   `.badWatchName` for an empty name or one with a control character, `.watchCategory`
    ///   for a category (or a query's `cat:` term) that is not one, `.watchExists`.
    public func addWatch(query: String, name: String?, categories: [String]) async throws -> Watch {
        let watch = try Watch(name: try Self.watchName(name ?? query), query: query, categories: categories)
        try Self.checkCategories(of: watch, saved: false)
        try await library.addWatch(watch)
        return watch
    }

    /// A watch's name trimmed, checked: it heads a digest's section and a record of `--format plain`, one visible line.
    ///
    /// - Throws: `PapersError.badWatchName` for an empty name or one with a control character.
    static func watchName(_ name: String) throws(PapersError) -> String {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw .badWatchName(name) }
        return name
    }

    /// Checks the categories a watch names, its own and its query's `cat:` terms.
    ///
    /// - Throws: `PapersError.watchCategory` naming the watch and the first that is not a category.
    static func checkCategories(of watch: Watch, saved: Bool) throws {
        let terms = watch.expression?.positiveTerms.compactMap { $0.field == .cat ? $0.words : nil } ?? []
        for category in watch.categories + terms {
            do {
                try checkCategory(category)
            } catch {
                throw PapersError.watchCategory(watch: watch.name, category: category, saved: saved)
            }
        }
    }

    /// The saved searches, in the order they were added.
    public func watches() async throws -> [Watch] { try await library.watches() }

    /// Removes a saved search.
    public func removeWatch(named name: String) async throws { try await library.removeWatch(named: name) }

    /// The daily listing of every category the watches name, saved in the library: one request.
    ///
    /// - Throws: `PapersError.noWatchCategories` when no watch names one, `.watchCategory` for a
    ///   saved watch naming one that is not (before any request), and `announcements`' errors.
    public func fetchForWatches() async throws -> AnnouncementList {
        var categories: [String] = []
        for watch in try await library.watches() {
            try Self.checkCategories(of: watch, saved: true)
            for category in watch.listedCategories where !categories.contains(category) { categories.append(category) }
        }
        guard !categories.isEmpty else { throw PapersError.noWatchCategories }
        return try await announcements(categories: categories, types: Set(AnnounceType.allCases))
    }

    /// What entered the library, or got a new version, since `since` (else since the digest's mark).
    ///
    /// Each paper is listed once, under the first watch it matches, ranked within it by BM25
    /// against a words watch's terms, or by the cosine with a meaning watch's description;
    /// favourites with a version newer than the one they were marked at come under their watch,
    /// or apart when no watch matches them. Moves nothing: `markDigest` does, once the digest is shown.
    /// - Throws: the library's errors; with a meaning watch, `.modelMissing`, `.modelDamaged`, `.vectorsDamaged`.
    public func digest(since: Date? = nil) async throws -> Digest {
        let from: Date? = if let since { since } else { try await library.digestMark() }
        let changed = try await library.changes(since: from)
        let watches = try await library.watches()
        let favourites = try await library.favouriteIDs()
        let marked = try await library.markedVersions()
        let papers = changed.changes.map(\.paper)
        let byWords = await Self.matchedWatches(papers, watches)
        let byMeaning = try await meaningMatches(of: papers, for: watches)
        let matched = papers.indices.map { (byWords[$0] + byMeaning.cosines[$0].keys).sorted() }
        func entry(_ index: Int, score: Double) -> DigestEntry {
            let change = changed.changes[index]
            let id = change.paper.id
            let newer = marked[id].flatMap { change.paper.version > $0 ? $0 : nil }
            return DigestEntry(
                paper: change.paper, reason: (from.map { change.entered > $0 } ?? true) ? .added : .newVersion,
                alsoMatches: matched[index].dropFirst().map { watches[$0].name }, score: score,
                isFavourite: favourites.contains(id), markedVersion: favourites.contains(id) ? newer : nil)
        }
        // Every paper a words watch matched ranked against every words watch at once: the library reads them once.
        let wordWatches = watches.indices.compactMap { position in watches[position].expression.map { (position, $0) } }
        let relevance = try await library.relevance(
            of: papers.indices.filter { !byWords[$0].isEmpty }.map { papers[$0].id }, to: wordWatches.map(\.1))
        var scores = [[String: Double]](repeating: [:], count: watches.count)
        for (slot, (position, _)) in wordWatches.enumerated() { scores[position] = relevance[slot] }
        for index in papers.indices {
            for (position, cosine) in byMeaning.cosines[index] { scores[position][papers[index].id] = cosine }
        }
        var sections: [DigestSection] = []
        for (position, watch) in watches.enumerated() {
            let members = matched.indices.filter { matched[$0].first == position }
            let entries = members.map { entry($0, score: scores[position][papers[$0].id] ?? 0) }
                .sorted { ($0.score, $1.paper.id) > ($1.score, $0.paper.id) }
            sections.append(DigestSection(watch: watch, entries: entries))
        }
        let newerFavourites = changed.changes.indices.filter { index in
            matched[index].isEmpty && entry(index, score: 0).markedVersion != nil
        }
        return Digest(
            since: from, mark: changed.lastWrite ?? from, sections: sections,
            favourites: newerFavourites.map { entry($0, score: 0) }, changed: changed.changes.count,
            embedded: byMeaning.embedded)
    }

    /// For each paper, the positions of the watches it matches, in order.
    ///
    /// Splitting a day's abstracts into words and matching them is most of a digest's own work;
    /// the papers are matched in parts of at least a thousand papers, eight parts at most, which
    /// the cooperative pool runs as many at once as it has threads (one per core).
    static func matchedWatches(_ papers: [Paper], _ watches: [Watch]) async -> [[Int]] {
        let parts = max(1, min(8, papers.count / 1_000))
        let size = (papers.count + parts - 1) / parts
        return await withTaskGroup(of: (Int, [[Int]]).self) { group in
            for start in stride(from: 0, to: papers.count, by: max(size, 1)) {
                let slice = papers[start..<min(start + size, papers.count)]
                group.addTask {
                    (
                        start,
                        slice.map { paper in
                            let text = PaperText(paper)
                            return watches.indices.filter { watches[$0].matches(text) }
                        }
                    )
                }
            }
            var matched = [[Int]](repeating: [], count: papers.count)
            for await (start, part) in group { matched.replaceSubrange(start..<start + part.count, with: part) }
            return matched
        }
    }

    /// Moves the digest's mark to `mark`: the next digest shows only what came after it.
    public func markDigest(_ mark: Date) async throws { try await library.setDigestMark(mark) }
}
