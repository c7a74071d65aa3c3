import Foundation

/// A `flock` held for one operation on its own descriptor: shared for reads, exclusive for writes.
///
/// Its own `open` gives each operation its own open file description, so the lock excludes other tasks of
/// this process as well as other processes (locks on one shared descriptor would merge instead). The
/// operation reads and writes through that descriptor: an upgrade replaces the store by a rename, so the
/// file at the path is the store, and a descriptor opened earlier may name the replaced one.
enum FileLock {
    /// Runs `body` with the store at `path` open with `flags` and locked.
    static func withLock<T>(
        path: String, flags: Int32, exclusive: Bool, _ body: (StoreDescriptor) throws(VectorStoreError) -> T
    ) throws(VectorStoreError) -> T {
        while true {
            let file = try StoreDescriptor(path: path, flags: flags)
            while flock(file.descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
                let code = errno
                guard code == EINTR else { throw .system(path: path, operation: "flock", code: code) }
            }
            // Replaced while this waited for the lock: the lock is on a file no one will open again.
            guard try file.identity() == StoreDescriptor.identity(ofPath: path) else { continue }
            // Closing the descriptor (when `file` is released after `body`) drops the lock.
            return try withExtendedLifetime(file) { () throws(VectorStoreError) -> T in try body(file) }
        }
    }
}
