import Foundation
import Synchronization

extension VectorFile {
    /// A stored row's content hash and vector.
    public struct Entry: Sendable, Equatable {
        /// The hash of the content the vector was made from.
        public let contentHash: UInt64
        /// The vector.
        public let vector: [Float]

        /// Creates an entry.
        public init(contentHash: UInt64, vector: [Float]) {
            (self.contentHash, self.vector) = (contentHash, vector)
        }
    }

    /// Every stored key with its content hash, to decide what to (re)embed; reads only the key blocks.
    ///
    /// A row whose replacement a crash interrupted is left out, so the caller embeds it again.
    public func contentHashes() throws(VectorStoreError) -> [String: UInt64] {
        try withSnapshot(exclusive: false) { snapshot in
            var hashes: [String: UInt64] = [:]
            hashes.reserveCapacity(snapshot.count)
            for row in 0..<snapshot.count where snapshot.isValid(row) {
                hashes[snapshot.key(row).string] = snapshot.contentHash(row)
            }
            return hashes
        }
    }

    /// The vector stored for `key`, or nil; scans the 48-byte key rows, not the vectors.
    public func vector(for key: String) throws(VectorStoreError) -> [Float]? {
        try entries(for: [key])[key]?.vector
    }

    /// The entry stored for each of `keys` that has one, in one scan of the key rows, split across cores.
    ///
    /// - Throws: `.invalidKey` for a key that could never be stored.
    public func entries(for keys: Set<String>) throws(VectorStoreError) -> [String: Entry] {
        var asked: [StoreKey: String] = [:]
        for key in keys { asked[try StoreKey(validating: key, path: path)] = key }
        let wanted = asked
        guard !wanted.isEmpty else { return [:] }
        // One key (`similar`'s paper) is compared a word at a time, several through a hash of each row's key:
        // at 3 million rows the first scan takes about a tenth of the time the second does.
        let only = wanted.count == 1 ? wanted.first : nil
        return try withSnapshot(exclusive: false) { snapshot in
            let count = snapshot.count
            // A block per core, for stores of more than a segment; each stops once every key is found.
            let blocks = max(1, min(count / snapshot.layout.segmentRows, ProcessInfo.processInfo.activeProcessorCount))
            let missing = Atomic<Int>(wanted.count)
            let found = Mutex<[String: Entry]>([:])
            DispatchQueue.concurrentPerform(iterations: blocks) { block in
                var local: [String: Entry] = [:]
                for row in (block * count / blocks)..<((block + 1) * count / blocks) {
                    if row % 4_096 == 0 && missing.load(ordering: .relaxed) <= 0 { break }
                    let key: String
                    if let only {
                        guard only.key.matches(snapshot.keyRow(row)) else { continue }
                        key = only.value
                    } else {
                        guard let match = wanted[snapshot.key(row)] else { continue }
                        key = match
                    }
                    guard snapshot.isValid(row) else { continue }
                    let vector = Array(UnsafeBufferPointer(start: snapshot.vector(row), count: dimensions))
                    local[key] = Entry(contentHash: snapshot.contentHash(row), vector: vector)
                    missing.subtract(1, ordering: .relaxed)
                }
                found.withLock { $0.merge(local) { kept, _ in kept } }
            }
            return found.withLock { $0 }
        }
    }
}
