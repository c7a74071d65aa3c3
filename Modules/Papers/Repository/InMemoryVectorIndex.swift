import Foundation
import PapersEntity
import Synchronization

/// Vectors held in memory, searched by the same cosine as `FileVectorIndex`: for tests and `PapersFactory.inMemory`.
public final class InMemoryVectorIndex: PaperVectorIndex {
    private let stored = Mutex<[String: PaperVector]>([:])

    /// An empty index.
    public init() {}

    public func textHashes() async throws -> [String: UInt64] {
        stored.withLock { $0.mapValues(\.textHash) }
    }

    public func vectors(ids: Set<String>) async throws -> [String: PaperVector] {
        stored.withLock { stored in stored.filter { ids.contains($0.key) } }
    }

    public func save(_ vectors: [PaperVector]) async throws {
        stored.withLock { stored in
            for vector in vectors { stored[vector.id] = vector }
        }
    }

    public func nearest(to query: [Float], limit: Int, excluding: Set<String>) async throws -> [PaperScore] {
        let all = stored.withLock { Array($0.values) }
        let scored = all.filter { !excluding.contains($0.id) }.map { vector in
            PaperScore(id: vector.id, score: zip(vector.vector, query).reduce(Float(0)) { $0 + $1.0 * $1.1 })
        }
        return Array(scored.sorted { ($0.score, $1.id) > ($1.score, $0.id) }.prefix(max(0, limit)))
    }

    public func count() async throws -> Int { stored.withLock { $0.count } }
}
