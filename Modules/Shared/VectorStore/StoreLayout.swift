/// Where rows live in the file: the header page, then segments of `segmentRows` key rows followed by their vectors.
///
/// Keys and vectors are split per segment rather than strided in one row: a key lookup then reads 48-byte key
/// rows packed 85 to a page and never faults in a vector page, while each segment's vectors stay one dense
/// row-major block for `cblas_sgemv` (lda = dimensions). One file rather than a keys file and a vectors file,
/// so a single header count commits both and there is no pair of files to keep in agreement.
struct StoreLayout: Sendable {
    /// Key row: key (32 bytes), content hash (UInt64 at 32), state (UInt32 at 40), reserved (UInt32 at 44).
    static let keyRowBytes = 48
    /// Offset of the content hash in a key row.
    static let hashOffset = 32
    /// Offset of the state in a key row; hash and state share one aligned 16-byte span no sector write tears.
    static let stateOffset = 40

    let dimensions: Int
    let segmentRows: Int

    /// Bytes of one vector row.
    var vectorRowBytes: Int { dimensions * MemoryLayout<Float>.size }

    /// Bytes of one segment: its key block, then its vector block.
    var segmentBytes: Int { segmentRows * (Self.keyRowBytes + vectorRowBytes) }

    /// The file size that holds `count` rows: always whole segments, grown a segment at a time.
    func requiredSize(for count: Int) -> Int {
        StoreHeader.size + (count + segmentRows - 1) / segmentRows * segmentBytes
    }

    /// Offset of the key row of `row`.
    func keyOffset(_ row: Int) -> Int {
        StoreHeader.size + row / segmentRows * segmentBytes + row % segmentRows * Self.keyRowBytes
    }

    /// Offset of the vector of `row`.
    func vectorOffset(_ row: Int) -> Int {
        StoreHeader.size + row / segmentRows * segmentBytes + segmentRows * Self.keyRowBytes + row % segmentRows
            * vectorRowBytes
    }

    /// The runs of rows in `rows` that share a segment, so each run is one contiguous key and vector block.
    func segmentRuns(_ rows: Range<Int>) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = rows.lowerBound
        while start < rows.upperBound {
            let end = min(rows.upperBound, (start / segmentRows + 1) * segmentRows)
            runs.append(start..<end)
            start = end
        }
        return runs
    }
}
