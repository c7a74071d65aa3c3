import COpenBLAS
import CVectorKernels
import Foundation
import Synchronization

extension VectorFile {
    /// How many int8 candidates are rescored in float for each result asked for (and at least `minimumDepth`).
    static let rescoreFactor = 4
    /// The fewest candidates rescored: measured on clustered vectors, the top 40 by int8 hold the exact top 10.
    static let minimumDepth = 40

    /// The `limit` keys whose vectors have the highest dot product with `query`, best first (ties by key),
    /// skipping `excluding`.
    ///
    /// A version 2 store is scanned by its int8 codes, a quarter of the float bytes, one block of rows per core;
    /// the best `4 × limit` rows (at least 40) are then scored again with their float vectors, and the scores
    /// returned are those exact dot products. A row the codes rank too low is missed: docs/BENCHMARKS.md gives
    /// the recall@10 against `exact` (1.0 on clustered vectors). `exact`, or a version 1 store, scores every
    /// row in float by `cblas_sgemv`. Keys are read only for rows that beat the worst kept score, so key pages
    /// stay mostly untouched. Beyond the mapping it allocates one float per row (12 MB at 3 million).
    public func nearest(
        to query: [Float], limit: Int, excluding: Set<String> = [], exact: Bool = false
    ) throws(VectorStoreError) -> [(key: String, score: Float)] {
        guard query.count == dimensions else {
            throw .invalidArgument(path: path, reason: "query of \(query.count) floats, not \(dimensions)")
        }
        guard limit > 0 else { return [] }
        return try withSnapshot(exclusive: false) { snapshot in
            guard snapshot.count > 0 else { return [] }
            let best =
                snapshot.layout.hasCodes && !exact
                ? Self.rescored(Self.scanCodes(snapshot, query, limit: limit, excluding: excluding), snapshot, query)
                : Self.scanFloats(snapshot, query, capacity: min(limit, snapshot.count), excluding: excluding)
            return best.sorted { TopK.isBetter($0, than: $1) }.prefix(limit).map { (key: $0.key, score: $0.score) }
        }
    }

    /// The best `4 × limit` (at least 40) rows by their int8 scores, one block of rows per core.
    private static func scanCodes(
        _ snapshot: Snapshot, _ query: [Float], limit: Int, excluding: Set<String>
    ) -> [TopK.Entry] {
        let count = snapshot.count
        let depth = min(count, max(limit * rescoreFactor, minimumDepth))
        let (codes, scale) = Int8Codes.encode(query)
        let blocks = min(count, ProcessInfo.processInfo.activeProcessorCount)
        let results = Mutex<[TopK.Entry]>([])
        let scores = UnsafeMutableBufferPointer<Float>.allocate(capacity: count)
        defer { scores.deallocate() }
        codes.withUnsafeBufferPointer { queryCodes in
            let shared = CodeScan(scores: scores, query: queryCodes)
            DispatchQueue.concurrentPerform(iterations: blocks) { block in
                var best = TopK(capacity: depth)
                for run in snapshot.layout.segmentRuns(rows(of: block, in: blocks, count: count)) {
                    guard let scoreBase = shared.scores.baseAddress, let queryBase = shared.query.baseAddress
                    else { return }
                    strata_int8_scores(
                        snapshot.codes(run.lowerBound), snapshot.scales(run.lowerBound), run.count,
                        snapshot.layout.dimensions, queryBase, scale, scoreBase + run.lowerBound)
                    // Selected while the run's scores are still in cache.
                    select(run, of: snapshot, scores: shared.scores, into: &best, excluding: excluding)
                }
                results.withLock { $0.append(contentsOf: best.entries) }
            }
        }
        return results.withLock { $0 }
    }

    /// `candidates` scored again by the exact dot product of their float vectors with `query`.
    private static func rescored(_ candidates: [TopK.Entry], _ snapshot: Snapshot, _ query: [Float]) -> [TopK.Entry] {
        let dimensions = Int32(snapshot.layout.dimensions)
        return query.withUnsafeBufferPointer { buffer in
            candidates.compactMap { candidate in
                let score = cblas_sdot(dimensions, snapshot.vector(candidate.row), 1, buffer.baseAddress, 1)
                return score.isNaN ? nil : TopK.Entry(key: candidate.key, score: score, row: candidate.row)
            }
        }
    }

    /// Every row scored in float: one `cblas_sgemv` per segment run and block, then each block's best `capacity`.
    ///
    /// One block per core, as the process may have set OpenBLAS to one thread; when OpenBLAS runs threads of its
    /// own, one block: its threads spin after every call, and measured at 3M, threads of ours beside them double
    /// the time.
    private static func scanFloats(
        _ snapshot: Snapshot, _ query: [Float], capacity: Int, excluding: Set<String>
    ) -> [TopK.Entry] {
        let count = snapshot.count
        let cores = openblas_get_num_threads() > 1 ? 1 : ProcessInfo.processInfo.activeProcessorCount
        let blocks = min(count, cores)
        let results = Mutex<[TopK.Entry]>([])
        let scores = UnsafeMutableBufferPointer<Float>.allocate(capacity: count)
        defer { scores.deallocate() }
        query.withUnsafeBufferPointer { buffer in
            let shared = BlockBuffers(scores: scores, query: buffer)
            DispatchQueue.concurrentPerform(iterations: blocks) { block in
                score(rows(of: block, in: blocks, count: count), of: snapshot, shared.query, shared.scores)
            }
            DispatchQueue.concurrentPerform(iterations: blocks) { block in
                var best = TopK(capacity: capacity)
                select(
                    rows(of: block, in: blocks, count: count), of: snapshot, scores: shared.scores, into: &best,
                    excluding: excluding)
                results.withLock { $0.append(contentsOf: best.entries) }
            }
        }
        return results.withLock { $0 }
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

    /// Adds the valid, non-excluded rows of `rows` that beat `best`'s worst to it, by their `scores`.
    private static func select(
        _ rows: Range<Int>, of snapshot: Snapshot, scores: UnsafeMutableBufferPointer<Float>, into best: inout TopK,
        excluding: Set<String>
    ) {
        for row in rows {
            let score = scores[row]
            // NaN (a hostile file's vector) would break the heap order; it is never a neighbour anyway.
            guard !score.isNaN, best.admits(score), snapshot.isValid(row) else { continue }
            let key = snapshot.key(row).string
            guard !excluding.contains(key) else { continue }
            best.insert(key: key, score: score, row: row)
        }
    }
}

/// The buffers the blocks of one float search share: sound to share because each block writes only its
/// own rows of `scores` and all only read `query`, and both outlive the blocks.
struct BlockBuffers: @unchecked Sendable {
    let scores: UnsafeMutableBufferPointer<Float>
    let query: UnsafeBufferPointer<Float>
}

/// The buffers the blocks of one int8 scan share, sound for the same reasons as `BlockBuffers`.
struct CodeScan: @unchecked Sendable {
    let scores: UnsafeMutableBufferPointer<Float>
    let query: UnsafeBufferPointer<Int8>
}
