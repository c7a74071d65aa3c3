import Foundation

/// A read-only shared mapping of the store file, unmapped when the last search using it ends.
///
/// `@unchecked Sendable`: the pointer and length never change after `init`, and the memory is only read.
final class Mapping: @unchecked Sendable {
    let base: UnsafeRawPointer
    let length: Int
    /// The file mapped: a later operation reuses the mapping only for the same file.
    let identity: FileIdentity

    /// Maps the first `length` bytes of `file`, through a descriptor of its own.
    ///
    /// Not through `file`'s: a mapping holds its open file description, and with it any `flock` taken on it,
    /// until it is unmapped; the lock must end with the operation, while the mapping serves later ones.
    init(_ file: StoreDescriptor, length: Int) throws(VectorStoreError) {
        identity = try file.identity()
        let own = try StoreDescriptor(path: file.path, flags: O_RDONLY)
        // The caller holds the lock on `file`, so only a program that is not a store can have swapped the path.
        guard try own.identity() == identity else {
            throw .damaged(path: file.path, reason: "the file was replaced by another program")
        }
        guard let pointer = mmap(nil, length, PROT_READ, MAP_SHARED, own.descriptor, 0),
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
