import Foundation

/// An open file descriptor with the system calls the store needs, each failing as `VectorStoreError.system`.
final class StoreDescriptor: Sendable {
    let descriptor: Int32
    let path: String

    /// Opens `path` with `flags`; `ENOENT` becomes `.missing` so a read-only open can say what is wrong.
    init(path: String, flags: Int32) throws(VectorStoreError) {
        let descriptor = open(path, flags | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT ? .missing(path: path) : .system(path: path, operation: "open", code: code)
        }
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        close(descriptor)
    }

    /// The file's current size in bytes.
    func size() throws(VectorStoreError) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("fstat") }
        return Int(status.st_size)
    }

    /// The device and inode of the open file: which file it is, whatever its path now names.
    func identity() throws(VectorStoreError) -> FileIdentity {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("fstat") }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// The device and inode of the file at `path` now; `.missing` if there is none.
    static func identity(ofPath path: String) throws(VectorStoreError) -> FileIdentity {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            throw code == ENOENT ? .missing(path: path) : .system(path: path, operation: "stat", code: code)
        }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Up to `count` bytes from `offset`; fewer only at end of file.
    func read(count: Int, at offset: Int) throws(VectorStoreError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return 0 }
                return pread(descriptor, base + done, count - done, off_t(offset + done))
            }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw failure("pread") }
            if got == 0 { break }
            done += got
        }
        return Array(bytes.prefix(done))
    }

    /// Writes all of `bytes` at `offset`.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(VectorStoreError) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let wrote = pwrite(descriptor, base + done, bytes.count - done, off_t(offset + done))
            if wrote < 0 && errno == EINTR { continue }
            guard wrote > 0 else { throw failure("pwrite") }
            done += wrote
        }
    }

    /// Writes the bytes of `value` at `offset`.
    func write<T>(value: T, at offset: Int) throws(VectorStoreError) {
        var copy = value
        try withUnsafeBytes(of: &copy) { (raw) throws(VectorStoreError) in try write(raw, at: offset) }
    }

    /// Writes the bytes of `array`'s elements at `offset`.
    func write<T>(contentsOf array: [T], at offset: Int) throws(VectorStoreError) {
        // `Array.withUnsafeBytes` only rethrows untyped errors, so the typed error travels out in a `Result`.
        let result = array.withUnsafeBytes { raw in
            Result { () throws(VectorStoreError) in try write(raw, at: offset) }
        }
        try result.get()
    }

    /// Flushes written data and the size to the disk: the durability point of every write phase.
    func sync() throws(VectorStoreError) {
        guard fsync(descriptor) == 0 else { throw failure("fsync") }
    }

    /// Sets the file's size; growing leaves a sparse zero tail.
    func truncate(to size: Int) throws(VectorStoreError) {
        guard ftruncate(descriptor, off_t(size)) == 0 else { throw failure("ftruncate") }
    }

    private func failure(_ operation: String) -> VectorStoreError {
        .system(path: path, operation: operation, code: errno)
    }
}

/// Which file a descriptor or path names.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
}
