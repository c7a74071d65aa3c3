#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only memory mapping of a whole file, unmapped when the last reference goes away.
///
/// `@unchecked Sendable` is sound because the mapping is read-only and never changes after `init`.
final class MappedFile: @unchecked Sendable {
    let path: String
    let bytes: UnsafeRawBufferPointer

    init(path: String) throws(SentenceEmbeddingError) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR {
                throw .missingModel(path: path)
            }
            throw .damagedModel(path: path, reason: "cannot open (errno \(code))")
        }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .damagedModel(path: path, reason: "cannot stat (errno \(errno))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw .damagedModel(path: path, reason: "not a regular file")
        }
        let size = Int(status.st_size)
        guard size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0),
            address != MAP_FAILED
        else {
            throw .damagedModel(path: path, reason: "cannot map (errno \(errno))")
        }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    deinit {
        if let base = bytes.baseAddress {
            munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
        }
    }
}
