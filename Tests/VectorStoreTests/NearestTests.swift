import Foundation
import Testing

@testable import VectorStore

@Suite struct NearestTests {
    /// Exact dot products in Double, the reference the search must match.
    private func reference(_ vectors: [String: [Float]], _ query: [Float]) -> [String: Double] {
        vectors.mapValues { vector in zip(vector, query).reduce(0.0) { $0 + Double($1.0) * Double($1.1) } }
    }

    /// Both formats and both methods: the int8 scan with rescoring (version 2) must find what the float
    /// scan finds on these vectors, with the exact scores.
    @Test(arguments: [1, 2, 7, 100, 257, 1_000], [(version: 2, exact: false), (2, true), (1, false)])
    func matchesBruteForce(count: Int, method: (version: Int, exact: Bool)) throws {
        let store = try TemporaryStore()
        var generator = SeededGenerator(state: UInt64(count))
        let dimensions = 24
        let entries = (0..<count).map {
            (
                key: String(format: "%04d.%05d", $0 % 97, $0), contentHash: UInt64($0),
                vector: unitVector(dimensions, using: &generator)
            )
        }
        // Segments of 16 rows: runs that split across blocks and segments, and a partial last segment.
        let file = try VectorFile.open(
            at: store.url, dimensions: dimensions, model: "m", access: .readWrite, segmentRows: 16,
            version: method.version)
        try file.upsert(entries)
        let vectors = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.vector) })
        for (limit, excludedCount) in [(1, 0), (10, 0), (10, 3), (count + 5, 0), (count + 5, 2)] {
            let query = unitVector(dimensions, using: &generator)
            let excluded = Set(entries.shuffled(using: &generator).prefix(excludedCount).map(\.key))
            let scores = reference(vectors, query).filter { !excluded.contains($0.key) }
            let expected = scores.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .prefix(limit)
            let found = try file.nearest(to: query, limit: limit, excluding: excluded, exact: method.exact)
            #expect(found.count == expected.count)
            #expect(zip(found, found.dropFirst()).allSatisfy { $0.score >= $1.score })
            for (result, wanted) in zip(found, expected) {
                #expect(abs(Double(result.score) - wanted.value) < 1e-5)
                // Random scores differ by far more than float rounding, so the keys must agree exactly.
                #expect(result.key == wanted.key)
                #expect(abs(Double(result.score) - (scores[result.key] ?? .infinity)) < 1e-5)
            }
        }
    }

    @Test func emptyStoreAndZeroLimit() throws {
        let store = try TemporaryStore()
        let file = try VectorFile.open(at: store.url, dimensions: 3, model: "m", access: .readWrite)
        #expect(try file.nearest(to: [1, 0, 0], limit: 5).isEmpty)
        try file.upsert([(key: "a", contentHash: 0, vector: [1, 0, 0])])
        #expect(try file.nearest(to: [1, 0, 0], limit: 0).isEmpty)
        #expect(thrownError { _ = try file.nearest(to: [1, 0], limit: 1) } != nil)
    }

    @Test func concurrentSearchesAgree() async throws {
        let store = try TemporaryStore()
        var generator = SeededGenerator(state: 42)
        let file = try VectorFile.open(at: store.url, dimensions: 16, model: "m", access: .readWrite, segmentRows: 64)
        try file.upsert((0..<500).map { (key: "k\($0)", contentHash: 0, vector: unitVector(16, using: &generator)) })
        let query = unitVector(16, using: &generator)
        let expected = try file.nearest(to: query, limit: 10).map(\.key)
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask { try file.nearest(to: query, limit: 10).map(\.key) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == expected })
    }

    /// The int8 stage is really what ranks: a row whose codes were zeroed (scale 0) scores 0 in the scan and is
    /// not among the candidates, though its float vector is the query itself; the exact scan finds it first.
    @Test func candidatesComeFromTheCodes() throws {
        let store = try TemporaryStore()
        var generator = SeededGenerator(state: 7)
        let file = try VectorFile.open(at: store.url, dimensions: 8, model: "m", access: .readWrite, segmentRows: 64)
        let query = unitVector(8, using: &generator)
        try file.upsert(
            [(key: "twin", contentHash: 0, vector: query)]
                + (0..<300).map { (key: "k\($0)", contentHash: 0, vector: unitVector(8, using: &generator)) })
        #expect(try file.nearest(to: query, limit: 1).first?.key == "twin")
        // Row 0's scale sits right after the segment's keys and vectors.
        try store.patch(
            withUnsafeBytes(of: Float(0)) { Array($0) }, at: UInt64(StoreHeader.size + 64 * (48 + 8 * 4)))
        #expect(try file.nearest(to: query, limit: 1, exact: true).first?.key == "twin")
        #expect(try file.nearest(to: query, limit: 1).first?.key != "twin")
    }
}
