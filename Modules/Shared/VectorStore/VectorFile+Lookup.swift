extension VectorFile {
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
        let storeKey = try StoreKey(validating: key, path: path)
        return try withSnapshot(exclusive: false) { snapshot in
            guard let row = snapshot.row(of: storeKey) else { return nil }
            return Array(UnsafeBufferPointer(start: snapshot.vector(row), count: dimensions))
        }
    }
}
