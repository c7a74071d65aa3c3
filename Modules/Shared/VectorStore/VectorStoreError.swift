/// Why a vector store operation failed; every case names the store's path, and the app words the message.
public enum VectorStoreError: Error, Equatable, Sendable {
    /// A read-only open found no store at `path`.
    case missing(path: String)
    /// The file is not a store this code can read safely: wrong magic, absurd sizes, a torn header.
    case damaged(path: String, reason: String)
    /// The store holds vectors of `stored`, another model (or dimension count), useless for the model asked for.
    case otherModel(path: String, stored: String)
    /// A key is empty, longer than 32 bytes, or not printable ASCII.
    case invalidKey(path: String, key: String, reason: String)
    /// An argument does not fit the store: a vector of the wrong length, a model string too long.
    case invalidArgument(path: String, reason: String)
    /// A write was asked of a store opened read-only.
    case readOnly(path: String)
    /// The system call `operation` failed with errno `code`.
    case system(path: String, operation: String, code: Int32)
}
