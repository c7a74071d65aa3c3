/// A key as stored: up to 32 ASCII bytes, NUL padded, held as four words so scans compare without allocating.
struct StoreKey: Hashable, Sendable {
    /// The bytes a key occupies in its row.
    static let byteCount = 32

    private var words: (UInt64, UInt64, UInt64, UInt64)

    /// Checks `key` (1 to 32 printable ASCII bytes) and packs it.
    init(validating key: String, path: String) throws(VectorStoreError) {
        let bytes = Array(key.utf8)
        guard !bytes.isEmpty else {
            throw .invalidKey(path: path, key: key, reason: "empty")
        }
        guard bytes.count <= Self.byteCount else {
            throw .invalidKey(path: path, key: key, reason: "\(bytes.count) bytes, at most 32")
        }
        // Printable only: a NUL would end the key early, and control bytes are never arXiv ids.
        guard bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .invalidKey(path: path, key: key, reason: "not printable ASCII")
        }
        var padded = [UInt8](repeating: 0, count: Self.byteCount)
        padded.replaceSubrange(0..<bytes.count, with: bytes)
        words = padded.withUnsafeBytes { raw in
            (
                raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
            )
        }
    }

    /// Reads the key stored at `pointer` (32 bytes, any alignment).
    init(loadingFrom pointer: UnsafeRawPointer) {
        words = Self.load(pointer)
    }

    /// The key as a string; a hostile row's bytes beyond ASCII decode as replacement characters, never trusted.
    var string: String {
        withUnsafeBytes(of: words) { raw in
            let length = raw.firstIndex(of: 0) ?? raw.count
            return String(decoding: UnsafeRawBufferPointer(rebasing: raw[0..<length]), as: UTF8.self)
        }
    }

    /// Writes the 32 key bytes at the start of `row`.
    func store(into row: UnsafeMutableRawBufferPointer) {
        withUnsafeBytes(of: words) {
            UnsafeMutableRawBufferPointer(rebasing: row[0..<Self.byteCount]).copyMemory(from: $0)
        }
    }

    /// Whether the key stored at `pointer` equals this one, compared a word at a time.
    func matches(_ pointer: UnsafeRawPointer) -> Bool {
        pointer.loadUnaligned(as: UInt64.self) == words.0
            && pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == words.1
            && pointer.loadUnaligned(fromByteOffset: 16, as: UInt64.self) == words.2
            && pointer.loadUnaligned(fromByteOffset: 24, as: UInt64.self) == words.3
    }

    static func == (lhs: StoreKey, rhs: StoreKey) -> Bool {
        lhs.words == rhs.words
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }

    private static func load(_ pointer: UnsafeRawPointer) -> (UInt64, UInt64, UInt64, UInt64) {
        (
            pointer.loadUnaligned(as: UInt64.self), pointer.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
            pointer.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
            pointer.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
        )
    }
}
