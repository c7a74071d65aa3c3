/// What one operation reads, taken under the file lock: the committed header, a mapping covering its rows,
/// and the descriptor the lock was taken on (the file at the store's path now, which an upgrade may replace).
struct Snapshot: Sendable {
    let header: StoreHeader
    let layout: StoreLayout
    let mapping: Mapping
    let file: StoreDescriptor

    /// Rows committed when the snapshot was taken.
    var count: Int { header.count }

    /// The key row of `row` (which must be below `count`).
    func keyRow(_ row: Int) -> UnsafeRawPointer {
        mapping.base + layout.keyOffset(row)
    }

    /// Whether `row` is committed and not mid-replacement.
    func isValid(_ row: Int) -> Bool {
        let state = keyRow(row).loadUnaligned(fromByteOffset: StoreLayout.stateOffset, as: UInt32.self)
        return UInt32(littleEndian: state) == RowState.valid.rawValue
    }

    /// The content hash stored for `row`.
    func contentHash(_ row: Int) -> UInt64 {
        UInt64(littleEndian: keyRow(row).loadUnaligned(fromByteOffset: StoreLayout.hashOffset, as: UInt64.self))
    }

    /// The key of `row`.
    func key(_ row: Int) -> StoreKey {
        StoreKey(loadingFrom: keyRow(row))
    }

    /// The first float of `row`'s vector; a segment's rows follow it contiguously.
    func vector(_ row: Int) -> UnsafePointer<Float> {
        // Float alignment holds: the header, key rows and vector rows are all multiples of 4 bytes.
        (mapping.base + layout.vectorOffset(row)).assumingMemoryBound(to: Float.self)
    }

    /// The int8 scale of `row` and those of the rows after it in its segment (version 2).
    func scales(_ row: Int) -> UnsafePointer<Float> {
        (mapping.base + layout.scaleOffset(row)).assumingMemoryBound(to: Float.self)
    }

    /// The int8 codes of `row`; a segment's rows follow it contiguously (version 2).
    func codes(_ row: Int) -> UnsafePointer<Int8> {
        (mapping.base + layout.codeOffset(row)).assumingMemoryBound(to: Int8.self)
    }
}
