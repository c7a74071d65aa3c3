/// The state word of a key row: only `valid` rows are read; anything else is skipped, so a hostile value is harmless.
enum RowState: UInt32 {
    /// Key, hash and vector are all committed.
    case valid = 1
    /// An in-place replacement began and did not finish: the vector may be torn, so the row reads as absent.
    case pending = 2
}
