import PapersEntity

/// The embedding model and the library's vectors, loaded when something first works by meaning.
///
/// A digest or an export opens the model only when a watch asks for it: loading it costs a
/// read of 90 MB, and a library without meaning watches needs no model installed at all.
public final class MeaningModel: Sendable {
    /// What works by meaning uses: the model, and the library's vectors when there is a library.
    public struct Parts: Sendable {
        /// The embedding model.
        public let embedder: any TextEmbedder
        /// The library's vectors; nil when the feature has no library (`papers embed`).
        public let vectors: (any PaperVectorIndex)?

        /// Creates the parts.
        public init(embedder: any TextEmbedder, vectors: (any PaperVectorIndex)?) {
            (self.embedder, self.vectors) = (embedder, vectors)
        }
    }

    private let loaded: LoadedOnce<Parts>

    /// Loads the parts with `load` on first use; a failure is kept and thrown on every use.
    public init(load: @escaping @Sendable () throws(PapersError) -> Parts) {
        loaded = LoadedOnce(load)
    }

    /// Parts made already, as tests and `PapersFactory.embedding` have them.
    public convenience init(embedder: any TextEmbedder, vectors: (any PaperVectorIndex)?) {
        let parts = Parts(embedder: embedder, vectors: vectors)
        self.init { parts }
    }

    /// The parts, loaded now if this is the first use.
    ///
    /// - Throws: what loading threw: `PapersError.modelMissing`, `.modelDamaged`, `.notEmbedded`, `.vectorsDamaged`.
    public func parts() throws(PapersError) -> Parts {
        try loaded.value()
    }
}
