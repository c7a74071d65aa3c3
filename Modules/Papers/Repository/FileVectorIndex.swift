import Foundation
import PapersEntity
import VectorStore

/// The library's vectors in a `VectorFile` beside its SQLite file (`papers.sqlite.vectors`).
///
/// One file, so it moves, is backed up and is deleted with the library; float32 rows, so the
/// search is exact and one `cblas_sgemv` per segment (docs/Papers.md, "By meaning", measures it).
public final class FileVectorIndex: PaperVectorIndex {
    private let file: VectorFile

    /// Searches and stores through `file`, which the factory opens.
    public init(file: VectorFile) {
        self.file = file
    }

    /// The vectors file of the library at `databaseURL`.
    public static func url(besideLibrary databaseURL: URL) -> URL {
        databaseURL.appendingPathExtension("vectors")
    }

    public func textHashes() async throws -> [String: UInt64] {
        try Self.mapped { () throws(VectorStoreError) in try file.contentHashes() }
    }

    public func vectors(ids: Set<String>) async throws -> [String: PaperVector] {
        // An id the store could never hold (over 32 bytes) has no vector, rather than failing the read.
        let keys = ids.filter { $0.utf8.count <= 32 }
        return try Self.mapped { () throws(VectorStoreError) in
            try file.entries(for: keys).reduce(into: [:]) { found, entry in
                found[entry.key] = PaperVector(
                    id: entry.key, textHash: entry.value.contentHash, vector: entry.value.vector)
            }
        }
    }

    public func save(_ vectors: [PaperVector]) async throws {
        try Self.mapped { () throws(VectorStoreError) in
            try file.upsert(vectors.map { ($0.id, $0.textHash, $0.vector) })
        }
    }

    public func nearest(to query: [Float], limit: Int, excluding: Set<String>) async throws -> [PaperScore] {
        try Self.mapped { () throws(VectorStoreError) in
            try file.nearest(to: query, limit: limit, excluding: excluding).map {
                PaperScore(id: $0.key, score: $0.score)
            }
        }
    }

    public func count() async throws -> Int { file.count }

    /// Runs `body`, throwing its store errors as the feature's.
    static func mapped<T>(_ body: () throws(VectorStoreError) -> T) throws(PapersError) -> T {
        do {
            return try body()
        } catch {
            throw PapersError(vectorStore: error)
        }
    }
}

extension PapersError {
    /// A vector store's failure as the feature's error.
    public init(vectorStore error: VectorStoreError) {
        switch error {
        case .missing: self = .notEmbedded(otherModel: false)
        case .otherModel: self = .notEmbedded(otherModel: true)
        case .damaged(let path, let reason): self = .vectorsDamaged(path: path, reason: reason)
        case .invalidKey(let path, let key, let reason):
            self = .vectorsDamaged(path: path, reason: "the key \(key) cannot be stored: \(reason)")
        case .invalidArgument(let path, let reason): self = .vectorsDamaged(path: path, reason: reason)
        case .readOnly(let path): self = .vectorsDamaged(path: path, reason: "opened read-only")
        case .system(let path, let operation, let code):
            self = .vectorsDamaged(path: path, reason: "\(operation) failed: \(String(cString: strerror(code)))")
        }
    }
}
