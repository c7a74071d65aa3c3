/// Why a model could not be loaded or used.
public enum SentenceEmbeddingError: Error, Equatable, Sendable {
    /// A file or folder the model needs does not exist.
    case missingModel(path: String)
    /// A model file exists but cannot be read or does not describe a usable model.
    case damagedModel(path: String, reason: String)
}
