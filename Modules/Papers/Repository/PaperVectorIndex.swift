import Foundation
import PapersEntity

/// The library's papers as vectors of their meaning, kept beside the library: stored, looked up, searched.
///
/// Every vector in one index was made by one model; a paper has at most one, replaced when its
/// title or abstract changes (told by the hash of its `MeaningText`).
public protocol PaperVectorIndex: Sendable {
    /// The `MeaningText` hash each stored vector was made from, by paper id.
    func textHashes() async throws -> [String: UInt64]
    /// The stored vector of each paper of `ids` that has one, by id, in one read.
    func vectors(ids: Set<String>) async throws -> [String: PaperVector]
    /// Stores vectors, each replacing its paper's earlier one, durably before returning.
    func save(_ vectors: [PaperVector]) async throws
    /// The `limit` papers whose vectors have the highest cosine with `query`, best first, without `excluding`.
    func nearest(to query: [Float], limit: Int, excluding: Set<String>) async throws -> [PaperScore]
    /// How many papers have a vector.
    func count() async throws -> Int
}

/// A paper's vector, with the hash of the text it was made from.
public struct PaperVector: Sendable, Equatable {
    /// The paper's id, without version.
    public let id: String
    /// The `MeaningText` hash.
    public let textHash: UInt64
    /// The unit-length vector.
    public let vector: [Float]

    /// Creates a stored vector.
    public init(id: String, textHash: UInt64, vector: [Float]) {
        (self.id, self.textHash, self.vector) = (id, textHash, vector)
    }
}

/// A paper's id and the cosine of its vector with the one searched with.
public struct PaperScore: Sendable, Equatable {
    /// The paper's id, without version.
    public let id: String
    /// The cosine, from -1 to 1.
    public let score: Float

    /// Creates a score.
    public init(id: String, score: Float) {
        (self.id, self.score) = (id, score)
    }
}
