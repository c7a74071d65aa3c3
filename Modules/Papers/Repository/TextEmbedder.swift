import Foundation
import PapersEntity
import SentenceEmbedding

/// Turns texts into unit-length vectors whose dot product says how alike their meanings are.
public protocol TextEmbedder: Sendable {
    /// Identifies the model's exact weights and settings, so stored vectors are tied to what made them.
    var modelVersion: String { get }
    /// The length of every vector.
    var dimensions: Int { get }
    /// One vector per text, in order.
    ///
    /// - Throws: what loading a model deferred to its first use throws (`DeferredEmbedder`).
    func embed(_ texts: [String]) async throws -> [[Float]]
}

/// A sentence-transformers model (all-MiniLM-L6-v2) run by `SentenceEncoder` on the CPU.
public struct SentenceEncoderEmbedder: TextEmbedder {
    private let encoder: SentenceEncoder

    /// Embeds with `encoder`, which the factory loads (`PapersError(loading:)` words its failure).
    public init(encoder: SentenceEncoder) {
        self.encoder = encoder
    }

    public var modelVersion: String { encoder.modelVersion }
    public var dimensions: Int { encoder.dimensions }

    public func embed(_ texts: [String]) async -> [[Float]] {
        encoder.embed(texts)
    }
}

extension PapersError {
    /// Why a model could not be loaded, as the feature's error: `.modelMissing` for a folder or
    /// file that does not exist, `.modelDamaged` for files that describe no usable model.
    public init(loading error: SentenceEmbeddingError) {
        switch error {
        case .missingModel(let path): self = .modelMissing(path: path)
        case .damagedModel(let path, let reason): self = .modelDamaged(path: path, reason: reason)
        }
    }
}
