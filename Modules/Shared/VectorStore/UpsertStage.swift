/// The durable steps of an upsert, named so tests can stop after one and reopen as if the process had died.
enum UpsertStage: Sendable {
    /// Rows being replaced are marked pending and synced.
    case markedPending
    /// New and replacing vectors (and new key rows past the count) are written and synced, nothing committed.
    case wroteRows
}
