/// How a command opens its database: a command that only reads never creates or changes the file.
public enum StorageAccess: Sendable, Equatable {
    /// Create the file and its folders when missing, migrate the schema, read and write.
    case readWrite
    /// Open an existing file for reading only: a missing file is `StorageError` (`.missing`), and
    /// a file the process may not write (mode 0444) is still read.
    case readOnly
}
