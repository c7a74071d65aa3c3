import Foundation
import PapersEntity

/// Papers like one in the library, and the papers an export selects.
extension PapersUseCase {
    /// How many of a paper's words `similar` searches with.
    public static let similarTerms = 24
    /// How many of a paper's most used words `similar` weighs against the library.
    public static let similarCandidates = 64

    /// Papers in the library like the one with `id`, offline, best first.
    ///
    /// The paper's title and abstract words are weighted by tf-idf (how often the paper uses
    /// each, against how many papers of the library hold it); the `similarTerms` heaviest are
    /// searched for, any of them, and ranked by BM25 as library search ranks. The paper itself
    /// (the library keeps one version of each paper) is left out.
    /// - Throws: `PapersError.notInLibrary` for a paper the library lacks, `.limitOutOfRange`.
    public func similar(to id: String, limit: Int) async throws -> (paper: Paper, similar: [Paper]) {
        guard limit > 0 else { throw PapersError.limitOutOfRange(limit, allowed: 1...Int.max) }
        let arxivID = try Self.parseID(id)
        guard let paper = try await library.paper(id: arxivID.base) else {
            throw PapersError.notInLibrary(arxivID.base)
        }
        var counts: [String: Int] = [:]
        // Title words count twice: a title says what the paper is about in few words.
        for word in PaperText.words(paper.title) + PaperText.words(paper.title) + PaperText.words(paper.summary)
        where word.count > 2 && !word.allSatisfy(\.isNumber) {
            counts[word, default: 0] += 1
        }
        // The words the paper uses most (longer first among equals), so one paper costs at most
        // `similarCandidates` frequency lookups however long its abstract.
        let words = counts.sorted { ($0.value, $0.key.count, $1.key) > ($1.value, $1.key.count, $0.key) }
            .prefix(Self.similarCandidates).map(\.key)
        let (papers, frequencies) = try await library.documentFrequencies(words)
        let total = Double(max(papers, 1))
        let weighted = zip(words, frequencies).compactMap { word, frequency -> (String, Double)? in
            // A word only this paper holds finds nothing else.
            guard frequency > 1 else { return nil }
            let idf = log((total - frequency + 0.5) / (frequency + 0.5))
            return idf > 0 ? (word, Double(counts[word] ?? 0) * idf) : nil
        }
        let terms = weighted.sorted { ($0.1, $1.0) > ($1.1, $0.0) }.prefix(Self.similarTerms).map(\.0)
        guard let any = QueryExpression.any(of: terms.map { .term(.all, $0) }) else { return (paper, []) }
        let found = try await library.search(any, offset: 0, limit: limit + 1).papers
        return (paper, Array(found.filter { $0.id != paper.id }.prefix(limit)))
    }

    /// The papers an export selects: the ids given (fetched when the library lacks them), the
    /// favourites, a watch's matches and a library search's, each paper once, in that order.
    ///
    /// - Throws: `PapersError.nothingToExport` when nothing is asked for or nothing matches,
    ///   `.noSuchWatch`, and `papers(_:)`'s errors; for a meaning watch, `.modelMissing` and `.notEmbedded`.
    public func exportSelection(ids: [String], favourites: Bool, watch: String?, query: String?) async throws
        -> [Paper]
    {
        var selected: [Paper] = []
        if !ids.isEmpty { selected += try await papers(ids) }
        if favourites { selected += try await library.favourites() }
        if let watch {
            let watches = try await library.watches()
            guard let found = watches.first(where: { $0.name == watch }) else {
                throw PapersError.noSuchWatch(watch, known: watches.map(\.name))
            }
            if let expression = found.searchExpression {
                selected += try await library.search(expression, offset: 0, limit: Self.exportLimit).papers
            } else {
                selected += try await meaningSelection(found, limit: Self.exportLimit)
            }
        }
        if let query {
            let expression = try QueryParser().parseLocating(query)
            selected += try await library.search(expression, offset: 0, limit: Self.exportLimit).papers
        }
        var seen: Set<String> = []
        let unique = selected.filter { seen.insert($0.id).inserted }
        guard !unique.isEmpty else { throw PapersError.nothingToExport }
        return unique
    }

    /// The most papers a watch or a query selects for an export.
    public static let exportLimit = 100_000
}
