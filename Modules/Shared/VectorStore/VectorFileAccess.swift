/// Whether a store is opened for searching only or also for writing.
public enum VectorFileAccess: Sendable {
    /// Reads and searches; a missing store or one of another model throws.
    case readOnly
    /// Also upserts; creates a missing store and resets one of another model.
    case readWrite
}
