import COpenBLAS
import Foundation

/// What int8 codes cost in recall@10 against exact float32 on clustered data, with a per-vector or a global
/// scale, alone and with float rescoring: the measurement behind the store's per-vector codes and its
/// rescoring depth (the store's own scan is timed in main.swift).
enum Int8Study {
    /// Clustered unit vectors: `clusters` random centres, each point a centre plus Gaussian scatter, normalised.
    ///
    /// Scatter of 1/sqrt(d) per component gives a point-centre cosine near 0.7 and point-point near 0.5 within a
    /// cluster, close to what sentence embeddings of related abstracts show; uniform random vectors are all
    /// nearly orthogonal and make any quantisation look free.
    static func clustered(count: Int, centres: [[Float]], random: inout BenchRandom) -> [Float] {
        let dimensions = centres[0].count
        let scatter = 1 / Float(dimensions).squareRoot()
        var flat: [Float] = []
        flat.reserveCapacity(count * dimensions)
        for _ in 0..<count {
            let centre = centres[Int(random.next() % UInt64(centres.count))]
            flat.append(contentsOf: BenchRandom.normalised(centre.map { $0 + scatter * random.normal() }))
        }
        return flat
    }

    /// Rounds each row to int8 (kept as whole floats so sgemm computes the integer dot products exactly).
    /// Per-vector: the row's largest magnitude maps to 127 and the scale is returned; global: x * 127.
    static func quantised(_ flat: [Float], dimensions: Int, perVector: Bool) -> (values: [Float], scales: [Float]) {
        var values = [Float](repeating: 0, count: flat.count)
        var scales: [Float] = []
        for row in 0..<flat.count / dimensions {
            let slice = flat[row * dimensions..<(row + 1) * dimensions]
            let largest = perVector ? max(slice.map(abs).max() ?? 1, 1e-12) : 1
            for (offset, value) in slice.enumerated() {
                values[row * dimensions + offset] = max(-127, min(127, (value * 127 / largest).rounded()))
            }
            scales.append(largest / 127)
        }
        return (values, scales)
    }

    /// Scores of every query against every row, `queries.count / d` by `rows`, computed in chunks of queries.
    static func topK(
        queries: [Float], data: [Float], dimensions: Int, k: Int, scales: [Float]?
    ) -> [[Int]] {
        let rows = data.count / dimensions
        let queryCount = queries.count / dimensions
        let chunk = 50
        var results: [[Int]] = []
        var scores = [Float](repeating: 0, count: chunk * rows)
        for start in stride(from: 0, to: queryCount, by: chunk) {
            let size = min(chunk, queryCount - start)
            queries.withUnsafeBufferPointer { q in
                data.withUnsafeBufferPointer { d in
                    scores.withUnsafeMutableBufferPointer { c in
                        cblas_sgemm(
                            CblasRowMajor, CblasNoTrans, CblasTrans, Int32(size), Int32(rows), Int32(dimensions), 1,
                            q.baseAddress.map { $0 + start * dimensions }, Int32(dimensions), d.baseAddress,
                            Int32(dimensions), 0, c.baseAddress, Int32(rows))
                    }
                }
            }
            for query in 0..<size {
                if let scales {
                    for row in 0..<rows { scores[query * rows + row] *= scales[row] }
                }
                scores.withUnsafeBufferPointer { all in
                    let slice = UnsafeBufferPointer(rebasing: all[query * rows..<(query + 1) * rows])
                    results.append(TopIndices.of(slice, k: k))
                }
            }
        }
        return results
    }

    /// Int8 top-`candidates` rescored with the float vectors, then cut to 10.
    static func rescored(
        _ candidates: [[Int]], queries: [Float], data: [Float], dimensions: Int
    ) -> [[Int]] {
        candidates.enumerated().map { query, rows in
            let q = queries[query * dimensions..<(query + 1) * dimensions]
            let scored = rows.map { row in
                (row, zip(q, data[row * dimensions..<(row + 1) * dimensions]).reduce(Float(0)) { $0 + $1.0 * $1.1 })
            }
            return scored.sorted { $0.1 > $1.1 }.prefix(10).map(\.0)
        }
    }

    /// Prints recall@10 of int8 (per-vector and global scale, alone and with float rescoring) on clustered data.
    static func report(studyCount: Int, dimensions: Int, random: inout BenchRandom) {
        let centres = (0..<1_000).map { _ in random.unitVector(dimensions) }
        let data = clustered(count: studyCount, centres: centres, random: &random)
        let queries = clustered(count: 1_000, centres: centres, random: &random)
        openblas_set_num_threads(Int32(ProcessInfo.processInfo.activeProcessorCount))
        let exact = topK(queries: queries, data: data, dimensions: dimensions, k: 10, scales: nil)
        for perVector in [true, false] {
            let stored = quantised(data, dimensions: dimensions, perVector: perVector)
            let asked = quantised(queries, dimensions: dimensions, perVector: perVector)
            let found = topK(
                queries: asked.values, data: stored.values, dimensions: dimensions, k: 40,
                scales: perVector ? stored.scales : nil)
            let refined = rescored(found, queries: queries, data: data, dimensions: dimensions)
            Measure.say(
                String(
                    format:
                        "int8 %@ scale, %d clustered vectors, 1000 queries: recall@10 %.4f; top-40 rescored in float %.4f",
                    perVector ? "per-vector" : "global 127", studyCount, Recall.at10(found, exact: exact),
                    Recall.at10(refined, exact: exact)))
        }
    }
}
