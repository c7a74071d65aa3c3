import Foundation

/// A `flock` held for one operation on its own descriptor: shared for reads, exclusive for writes.
///
/// Its own `open` gives each operation its own open file description, so the lock excludes other tasks of
/// this process as well as other processes (locks on one shared descriptor would merge instead).
enum FileLock {
    /// Runs `body` while holding the lock on `path`.
    static func withLock<T>(
        path: String, exclusive: Bool, _ body: () throws(VectorStoreError) -> T
    ) throws(VectorStoreError) -> T {
        let lock = try StoreDescriptor(path: path, flags: O_RDONLY)
        while flock(lock.descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            let code = errno
            guard code == EINTR else { throw .system(path: path, operation: "flock", code: code) }
        }
        // Closing the descriptor (when `lock` is released after `body`) drops the lock.
        return try withExtendedLifetime(lock) { () throws(VectorStoreError) -> T in try body() }
    }
}
