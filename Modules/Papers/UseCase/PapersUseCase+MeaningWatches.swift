import Foundation
import PapersEntity
import PapersRepository

/// Watches by meaning: a description and a threshold, matched by cosine in the digest and the export.
extension PapersUseCase {
    /// Saves a watch for papers whose meaning is near `description`'s (the description itself names it when `name` is nil).
    ///
    /// The description is embedded once here, so a missing model is found when the watch is
    /// added rather than at the next digest.
    /// - Throws: `PapersError.emptySearch`, `.thresholdOutOfRange`, `.badWatchName`, `.watchCategory`,
    ///   `.watchExists`, `.modelMissing`, `.modelDamaged`.
    public func addMeaningWatch(description: String, name: String?, threshold: Double, categories: [String])
        async throws -> Watch
    {
        // A blank description is the mistake to report, not the blank name it would give.
        guard !description.allSatisfy(\.isWhitespace) else { throw PapersError.emptySearch }
        let watch = try Watch(
            name: try Self.watchName(name ?? description), meaning: description, threshold: threshold,
            categories: categories)
        try Self.checkCategories(of: watch, saved: false)
        _ = try await embed([description])
        try await library.addWatch(watch)
        return watch
    }

    /// For each paper, the cosine of its vector with each meaning watch it reaches the threshold
    /// of (by the watch's position), and how many of the papers were embedded to find out.
    ///
    /// Only papers in a meaning watch's categories are looked at. Those without a current vector
    /// (imports and harvests leave papers unembedded) are embedded now and the vectors stored, as
    /// `library embed` would, so no paper of a digest is left unjudged.
    func meaningMatches(of papers: [Paper], for watches: [Watch]) async throws -> (
        cosines: [[Int: Double]], embedded: Int
    ) {
        var cosines = [[Int: Double]](repeating: [:], count: papers.count)
        let positions = watches.indices.filter { watches[$0].isMeaning }
        guard !positions.isEmpty, !papers.isEmpty else { return (cosines, 0) }
        let (model, vectors) = (try model(), try vectorIndex())
        let watchVectors = try await model.embed(positions.map { watches[$0].query })
        let reach = papers.map { paper in positions.indices.filter { watches[positions[$0]].isInCategories(paper) } }
        let candidates = papers.indices.filter { !reach[$0].isEmpty }
        let stored = try await vectors.vectors(ids: Set(candidates.map { papers[$0].id }))
        var current: [String: [Float]] = [:]
        var stale: [(id: String, text: MeaningText)] = []
        for index in candidates {
            let text = MeaningText(papers[index])
            if let vector = stored[papers[index].id], vector.textHash == text.hash {
                current[papers[index].id] = vector.vector
            } else {
                stale.append((papers[index].id, text))
            }
        }
        for start in stride(from: 0, to: stale.count, by: Self.embedBatch) {
            let batch = stale[start..<min(start + Self.embedBatch, stale.count)]
            let made = try await Self.embedAndStore(batch, model: model, vectors: vectors)
            for (entry, vector) in zip(batch, made) { current[entry.id] = vector }
        }
        for index in candidates {
            guard let vector = current[papers[index].id] else { continue }
            for slot in reach[index] {
                let watch = watches[positions[slot]]
                let cosine = Double(zip(vector, watchVectors[slot]).reduce(Float(0)) { $0 + $1.0 * $1.1 })
                if cosine >= watch.threshold ?? 1 { cosines[index][positions[slot]] = cosine }
            }
        }
        return (cosines, stale.count)
    }

    /// The library's papers a meaning watch matches, best first: every paper with a vector whose
    /// cosine with the description reaches the threshold, in the watch's categories.
    ///
    /// Papers without a vector cannot be found; `library embed` makes them.
    func meaningSelection(_ watch: Watch, limit: Int) async throws -> [Paper] {
        guard let threshold = watch.threshold else { return [] }
        let query = try await embed([watch.query]).first ?? []
        let nearest = try await vectorIndex().nearest(to: query, limit: limit, excluding: [])
        let reached = nearest.filter { Double($0.score) >= threshold }
        let papers = try await library.papers(ids: reached.map(\.id))
        return reached.compactMap { papers[$0.id] }.filter(watch.isInCategories)
    }
}
