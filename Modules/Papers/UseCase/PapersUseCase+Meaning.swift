import Foundation
import PapersEntity
import PapersRepository

/// What works by meaning: texts as vectors from the embedding model.
extension PapersUseCase {
    /// One unit-length vector per text, in order, from the embedding model.
    ///
    /// - Throws: `PapersError.modelMissing` when the feature was built without a model.
    public func embed(_ texts: [String]) async throws -> [[Float]] {
        try await model().embed(texts)
    }

    /// The embedding model this feature was built with.
    func model() throws(PapersError) -> any TextEmbedder {
        guard let embedder else { throw .modelMissing(path: "") }
        return embedder
    }
}
