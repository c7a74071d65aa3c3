import Foundation

/// A read-only shared mapping of the store file, unmapped when the last search using it ends.
///
/// `@unchecked Sendable`: the pointer and length never change after `init`, and the memory is only read.
final class Mapping: @unchecked Sendable {
    let base: UnsafeRawPointer
    let length: Int

    /// Maps the first `length` bytes of `file`.
    init(_ file: StoreDescriptor, length: Int) throws(VectorStoreError) {
        guard let pointer = mmap(nil, length, PROT_READ, MAP_SHARED, file.descriptor, 0),
            pointer != UnsafeMutableRawPointer(bitPattern: -1)
        else {
            throw .system(path: file.path, operation: "mmap", code: errno)
        }
        base = UnsafeRawPointer(pointer)
        self.length = length
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: base), length)
    }
}
