import PapersEntity

/// The embedding model loaded at its first use, for a library's vectors opened before it: it must be
/// the model that made them.
///
/// A search by a paper (`similar --by meaning`) whose vector is stored needs no model, only the vectors;
/// loading the model costs a read and a hash of its 90 MB, more than the search at 3 million papers.
public struct DeferredEmbedder: TextEmbedder {
    /// The model that made the vectors, as their file records it.
    public let modelVersion: String
    /// The length of the vectors.
    public let dimensions: Int
    private let model: LoadedOnce<any TextEmbedder>

    /// An embedder that loads with `load` when first asked to embed, for vectors made by `modelVersion`.
    public init(
        modelVersion: String, dimensions: Int, load: @escaping @Sendable () throws(PapersError) -> any TextEmbedder
    ) {
        self.modelVersion = modelVersion
        self.dimensions = dimensions
        model = LoadedOnce(load)
    }

    /// - Throws: `PapersError.modelMissing`, `.modelDamaged`, or `.notEmbedded(otherModel: true)` when the
    ///   model now installed is not the one that made the library's vectors.
    public func embed(_ texts: [String]) async throws -> [[Float]] {
        let loaded = try model.value()
        guard loaded.modelVersion == modelVersion, loaded.dimensions == dimensions else {
            throw PapersError.notEmbedded(otherModel: true)
        }
        return try await loaded.embed(texts)
    }
}
