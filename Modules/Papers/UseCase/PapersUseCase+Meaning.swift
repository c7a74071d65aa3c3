import Foundation
import PapersEntity
import PapersRepository

/// What works by meaning: texts and papers as vectors from the embedding model, and the library's
/// vectors searched by cosine.
extension PapersUseCase {
    /// How many papers one call to the model embeds: enough to keep both cores busy, few enough
    /// that a stopped run loses seconds.
    public static let embedBatch = 64

    /// One unit-length vector per text, in order, from the embedding model.
    ///
    /// - Throws: `PapersError.modelMissing` when the feature was built without a model.
    public func embed(_ texts: [String]) async throws -> [[Float]] {
        try await model().embed(texts)
    }

    /// Gives every paper of the library a current vector: new papers, and papers whose title or
    /// abstract changed since theirs was made. Each batch is stored before the next starts, so a
    /// run stopped (`shouldStop`) or killed keeps what it did, and the next run goes on from there.
    ///
    /// - Parameter progress: told after each batch how many papers have current vectors.
    /// - Throws: `PapersError.modelMissing`, `.vectorsDamaged`, and the library's errors.
    public func embedLibrary(
        progress: @Sendable (EmbedProgress) -> Void, shouldStop: @Sendable () -> Bool
    ) async throws -> EmbedSummary {
        let (model, vectors) = (try model(), try vectorIndex())
        let stored = try await vectors.textHashes()
        let total = try await library.paperCount()
        var (embedded, alreadyCurrent, stopped) = (0, 0, false)
        var after: String?
        pages: while true {
            let page = try await library.papers(after: after, limit: Self.embedBatch * 8)
            guard let last = page.last else { break }
            after = last.id
            let stale = page.map { (id: $0.id, text: MeaningText($0)) }.filter { stored[$0.id] != $0.text.hash }
            alreadyCurrent += page.count - stale.count
            for start in stride(from: 0, to: stale.count, by: Self.embedBatch) {
                if shouldStop() {
                    stopped = true
                    break pages
                }
                let batch = stale[start..<min(start + Self.embedBatch, stale.count)]
                _ = try await Self.embedAndStore(batch, model: model, vectors: vectors)
                embedded += batch.count
                progress(EmbedProgress(current: alreadyCurrent + embedded, total: total))
            }
        }
        return EmbedSummary(embedded: embedded, alreadyCurrent: alreadyCurrent, total: total, stopped: stopped)
    }

    /// Embeds a batch of papers' texts and stores each vector with its text's hash, durably, before
    /// returning the vectors: what `library embed` and a digest of meaning watches both do.
    static func embedAndStore(
        _ batch: ArraySlice<(id: String, text: MeaningText)>, model: any TextEmbedder, vectors: any PaperVectorIndex
    ) async throws -> [[Float]] {
        let made = try await model.embed(batch.map(\.text.text))
        try await vectors.save(zip(batch, made).map { PaperVector(id: $0.id, textHash: $0.text.hash, vector: $1) })
        return made
    }

    /// Papers of the library nearest in meaning to the one with `id`, best first, and how many
    /// papers of the library have no vector yet (they cannot be found).
    ///
    /// The paper's stored vector is used, or, when it has none yet, one made now (and not stored).
    /// - Throws: `PapersError.notInLibrary`, `.limitOutOfRange`, `.notEmbedded`, `.modelMissing`.
    public func similarByMeaning(to id: String, limit: Int) async throws
        -> (paper: Paper, similar: [MeaningMatch], unembedded: Int)
    {
        guard limit > 0 else { throw PapersError.limitOutOfRange(limit, allowed: 1...Int.max) }
        let arxivID = try Self.parseID(id)
        guard let paper = try await library.paper(id: arxivID.base) else {
            throw PapersError.notInLibrary(arxivID.base)
        }
        let vectors = try vectorIndex()
        let query: [Float]
        if let stored = try await vectors.vectors(ids: [paper.id])[paper.id], stored.textHash == MeaningText(paper).hash
        {
            query = stored.vector
        } else {
            query = try await embed([MeaningText(paper).text]).first ?? []
        }
        let found = try await matches(for: query, limit: limit, excluding: [paper.id])
        return (paper, found.matches, found.unembedded)
    }

    /// Papers of the library nearest in meaning to `text`, best first, and how many papers have no vector yet.
    ///
    /// - Throws: `PapersError.emptySearch` for blank text, `.limitOutOfRange`, `.notEmbedded`, `.modelMissing`.
    public func searchByMeaning(_ text: String, limit: Int) async throws -> (matches: [MeaningMatch], unembedded: Int) {
        guard limit > 0 else { throw PapersError.limitOutOfRange(limit, allowed: 1...Int.max) }
        guard !text.allSatisfy(\.isWhitespace) else { throw PapersError.emptySearch }
        let query = try await embed([text]).first ?? []
        return try await matches(for: query, limit: limit, excluding: [])
    }

    /// The library's papers nearest `query`, with their cosines, and how many papers have no vector.
    private func matches(for query: [Float], limit: Int, excluding: Set<String>) async throws
        -> (matches: [MeaningMatch], unembedded: Int)
    {
        let vectors = try vectorIndex()
        let scores = try await vectors.nearest(to: query, limit: limit, excluding: excluding)
        let papers = try await library.papers(ids: scores.map(\.id))
        let matches = scores.compactMap { score in
            papers[score.id].map { MeaningMatch(paper: $0, score: Double(score.score)) }
        }
        let unembedded = max(0, try await library.paperCount() - vectors.count())
        return (matches, unembedded)
    }

    /// Loads the embedding model and opens the library's vectors now rather than at first use,
    /// so a server finds a missing model when it starts.
    ///
    /// - Throws: `PapersError.modelMissing`, `.modelDamaged`, `.notEmbedded`, `.vectorsDamaged`.
    public func loadMeaning() throws(PapersError) {
        _ = try vectorIndex()
    }

    /// The embedding model this feature was built with, loaded on first use.
    func model() throws(PapersError) -> any TextEmbedder {
        guard let meaning else { throw .modelMissing(path: "") }
        return try meaning.parts().embedder
    }

    /// The library's vectors this feature was built with, opened on first use.
    func vectorIndex() throws(PapersError) -> any PaperVectorIndex {
        guard let vectors = try meaning?.parts().vectors else { throw .notEmbedded(otherModel: false) }
        return vectors
    }
}
