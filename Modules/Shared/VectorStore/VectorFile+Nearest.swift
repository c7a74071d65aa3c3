import COpenBLAS
import Foundation
import Synchronization

extension VectorFile {
    /// The `limit` keys whose vectors have the highest dot product with `query`, best first (ties by key),
    /// skipping `excluding`; exact.
    ///
    /// Rows are scored by `cblas_sgemv` per segment and reduced to each block's top `limit`, in one block per
    /// core: the process may have set OpenBLAS to one thread, so the parallelism is ours. When OpenBLAS runs
    /// threads of its own, one block: its threads spin after every call, and measured at 3M, threads of ours
    /// beside them double the time. Keys are read only for rows that beat the worst kept score, so key pages
    /// stay mostly untouched. Beyond the mapping it allocates one float per row (12 MB at 3 million).
    public func nearest(
        to query: [Float], limit: Int, excluding: Set<String> = []
    ) throws(VectorStoreError) -> [(key: String, score: Float)] {
        guard query.count == dimensions else {
            throw .invalidArgument(path: path, reason: "query of \(query.count) floats, not \(dimensions)")
        }
        guard limit > 0 else { return [] }
        return try withSnapshot(exclusive: false) { snapshot in
            let count = snapshot.count
            guard count > 0 else { return [] }
            let capacity = min(limit, count)
            let cores = openblas_get_num_threads() > 1 ? 1 : ProcessInfo.processInfo.activeProcessorCount
            let blocks = min(count, cores)
            let results = Mutex<[TopK.Entry]>([])
            let scores = UnsafeMutableBufferPointer<Float>.allocate(capacity: count)
            defer { scores.deallocate() }
            query.withUnsafeBufferPointer { buffer in
                let shared = BlockBuffers(scores: scores, query: buffer)
                DispatchQueue.concurrentPerform(iterations: blocks) { block in
                    Self.score(
                        Self.rows(of: block, in: blocks, count: count), of: snapshot, shared.query, shared.scores)
                }
                DispatchQueue.concurrentPerform(iterations: blocks) { block in
                    let best = Self.select(
                        Self.rows(of: block, in: blocks, count: count), of: snapshot, scores: shared.scores,
                        capacity: capacity, excluding: excluding)
                    results.withLock { $0.append(contentsOf: best.entries) }
                }
            }
            let merged = results.withLock { $0 }.sorted { TopK.isBetter($0, than: $1) }
            return merged.prefix(limit).map { (key: $0.key, score: $0.score) }
        }
    }

    /// Block `block` of `blocks` near-equal row ranges.
    private static func rows(of block: Int, in blocks: Int, count: Int) -> Range<Int> {
        (block * count / blocks)..<((block + 1) * count / blocks)
    }

    /// Writes the dot products of `rows` with `query` into `scores`, one `cblas_sgemv` per segment run.
    private static func score(
        _ rows: Range<Int>, of snapshot: Snapshot, _ query: UnsafeBufferPointer<Float>,
        _ scores: UnsafeMutableBufferPointer<Float>
    ) {
        let dimensions = Int32(snapshot.layout.dimensions)
        guard let scoreBase = scores.baseAddress, let queryBase = query.baseAddress else { return }
        for run in snapshot.layout.segmentRuns(rows) {
            cblas_sgemv(
                CblasRowMajor, CblasNoTrans, Int32(run.count), dimensions, 1, snapshot.vector(run.lowerBound),
                dimensions, queryBase, 1, 0, scoreBase + run.lowerBound, 1)
        }
    }

    /// The best `capacity` valid, non-excluded rows of `rows` by their `scores`.
    private static func select(
        _ rows: Range<Int>, of snapshot: Snapshot, scores: UnsafeMutableBufferPointer<Float>, capacity: Int,
        excluding: Set<String>
    ) -> TopK {
        var best = TopK(capacity: capacity)
        for row in rows {
            let score = scores[row]
            // NaN (a hostile file's vector) would break the heap order; it is never a neighbour anyway.
            guard !score.isNaN, best.admits(score), snapshot.isValid(row) else { continue }
            let key = snapshot.key(row).string
            guard !excluding.contains(key) else { continue }
            best.insert(key: key, score: score)
        }
        return best
    }
}

/// The buffers the blocks of one search share: sound to share because each block writes only its
/// own rows of `scores` and all only read `query`, and both outlive the blocks.
struct BlockBuffers: @unchecked Sendable {
    let scores: UnsafeMutableBufferPointer<Float>
    let query: UnsafeBufferPointer<Float>
}
