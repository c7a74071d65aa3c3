/// The store file's first page: what its rows hold and how many of them are committed.
///
/// Little-endian fields at fixed offsets: magic (8 bytes), version, dimensions, segment rows and model length
/// (UInt32 each), committed row count (UInt64 at 24, so one aligned write commits an upsert), model bytes at 32.
/// A whole page, so the vector blocks after it stay page-aligned for mmap and the BLAS loads. Version 1 stores
/// hold float vectors only; version 2 adds each row's int8 codes (`StoreLayout`), and a read-write open
/// upgrades a version 1 store to it.
struct StoreHeader: Equatable, Sendable {
    /// Bytes before the first segment.
    static let size = 4096
    /// Where the committed count lives; an upsert's last write.
    static let countOffset = 24
    /// The longest model string a header holds.
    static let maximumModelBytes = 128
    /// Beyond this a dimension count is damage, not a model (the largest embeddings in use have 4,096).
    static let maximumDimensions = 16_384
    /// Beyond this a segment size is damage; the default is 65,536.
    static let maximumSegmentRows = 1 << 20
    /// Beyond this a row count is damage: 4 billion rows would not fit any disk this runs on.
    static let maximumCount = Int(UInt32.max)

    /// The format new and upgraded stores are written in.
    static let currentVersion = 2

    private static let magic: [UInt8] = Array("STRVECS\u{1A}".utf8)
    private static let modelOffset = 32

    /// The format: 1 (float vectors only) or 2 (with int8 codes).
    var version = currentVersion

    var dimensions: Int
    var segmentRows: Int
    var count: Int
    var model: String

    /// The header as the page written at the start of the file.
    func encoded() -> [UInt8] {
        var page = [UInt8](repeating: 0, count: Self.size)
        let modelBytes = Array(model.utf8.prefix(Self.maximumModelBytes))
        page.replaceSubrange(0..<8, with: Self.magic)
        page.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: UInt32(version).littleEndian, toByteOffset: 8, as: UInt32.self)
            raw.storeBytes(of: UInt32(dimensions).littleEndian, toByteOffset: 12, as: UInt32.self)
            raw.storeBytes(of: UInt32(segmentRows).littleEndian, toByteOffset: 16, as: UInt32.self)
            raw.storeBytes(of: UInt32(modelBytes.count).littleEndian, toByteOffset: 20, as: UInt32.self)
            raw.storeBytes(of: UInt64(count).littleEndian, toByteOffset: Self.countOffset, as: UInt64.self)
        }
        page.replaceSubrange(Self.modelOffset..<Self.modelOffset + modelBytes.count, with: modelBytes)
        return page
    }

    /// Reads and checks a header page; anything out of range is `.damaged`, so no later offset can overflow.
    static func decode(_ page: [UInt8], path: String) throws(VectorStoreError) -> StoreHeader {
        guard page.count >= size else {
            throw .damaged(path: path, reason: "header truncated at \(page.count) bytes")
        }
        guard Array(page[0..<8]) == magic else {
            throw .damaged(path: path, reason: "not a vector store (magic)")
        }
        func field(_ offset: Int) -> Int {
            Int(
                UInt32(littleEndian: page.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) })
            )
        }
        let count = UInt64(
            littleEndian: page.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: countOffset, as: UInt64.self) })
        let (version, dimensions, segmentRows, modelLength) = (field(8), field(12), field(16), field(20))
        guard (1...currentVersion).contains(version) else {
            throw .damaged(path: path, reason: "format version \(version)")
        }
        guard (1...maximumDimensions).contains(dimensions) else {
            throw .damaged(path: path, reason: "dimensions \(dimensions)")
        }
        guard (1...maximumSegmentRows).contains(segmentRows) else {
            throw .damaged(path: path, reason: "segment rows \(segmentRows)")
        }
        guard modelLength <= maximumModelBytes else {
            throw .damaged(path: path, reason: "model string of \(modelLength) bytes")
        }
        guard count <= UInt64(maximumCount) else {
            throw .damaged(path: path, reason: "row count \(count)")
        }
        let modelBytes = page[modelOffset..<modelOffset + modelLength]
        guard let model = String(validating: modelBytes, as: UTF8.self) else {
            throw .damaged(path: path, reason: "model string not UTF-8")
        }
        return StoreHeader(
            version: version, dimensions: dimensions, segmentRows: segmentRows, count: Int(count), model: model)
    }
}
