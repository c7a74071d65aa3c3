/// Where rows live in the file: the header page, then segments of `segmentRows` rows, each segment its key
/// rows, then their float vectors, then (version 2) their int8 scales and codes.
///
/// Keys and vectors are split per segment rather than strided in one row: a key lookup then reads 48-byte key
/// rows packed 85 to a page and never faults in a vector page, while each segment's vectors stay one dense
/// row-major block for `cblas_sgemv` (lda = dimensions) and its codes one dense block for the int8 scan, which
/// then reads a quarter of the bytes. One file rather than a keys file and a vectors file, so a single header
/// count commits all of a row and there is no pair of files to keep in agreement.
struct StoreLayout: Sendable {
    /// Key row: key (32 bytes), content hash (UInt64 at 32), state (UInt32 at 40), reserved (UInt32 at 44).
    static let keyRowBytes = 48
    /// Offset of the content hash in a key row.
    static let hashOffset = 32
    /// Offset of the state in a key row; hash and state share one aligned 16-byte span no sector write tears.
    static let stateOffset = 40

    let dimensions: Int
    let segmentRows: Int
    /// Whether segments hold int8 codes (version 2); a version 1 store is scanned in float.
    let hasCodes: Bool

    init(_ header: StoreHeader) {
        dimensions = header.dimensions
        segmentRows = header.segmentRows
        hasCodes = header.version >= 2
    }

    /// Bytes of one vector row.
    var vectorRowBytes: Int { dimensions * MemoryLayout<Float>.size }

    /// Bytes of a segment's scales: one float per row.
    private var scaleBlockBytes: Int { hasCodes ? segmentRows * MemoryLayout<Float>.size : 0 }

    /// Bytes of a segment's codes, padded to 4 so the next segment's floats stay aligned.
    private var codeBlockBytes: Int { hasCodes ? (segmentRows * dimensions + 3) / 4 * 4 : 0 }

    /// Bytes of one segment: its key block, its vector block, then its scale and code blocks.
    var segmentBytes: Int {
        segmentRows * (Self.keyRowBytes + vectorRowBytes) + scaleBlockBytes + codeBlockBytes
    }

    /// The file size that holds `count` rows: always whole segments, grown a segment at a time.
    func requiredSize(for count: Int) -> Int {
        StoreHeader.size + (count + segmentRows - 1) / segmentRows * segmentBytes
    }

    /// Offset of the key row of `row`.
    func keyOffset(_ row: Int) -> Int {
        segmentStart(row) + row % segmentRows * Self.keyRowBytes
    }

    /// Offset of the vector of `row`.
    func vectorOffset(_ row: Int) -> Int {
        segmentStart(row) + segmentRows * Self.keyRowBytes + row % segmentRows * vectorRowBytes
    }

    /// Offset of the int8 scale of `row` (version 2).
    func scaleOffset(_ row: Int) -> Int {
        segmentStart(row) + segmentRows * (Self.keyRowBytes + vectorRowBytes)
            + row % segmentRows * MemoryLayout<Float>.size
    }

    /// Offset of the int8 codes of `row` (version 2).
    func codeOffset(_ row: Int) -> Int {
        segmentStart(row) + segmentRows * (Self.keyRowBytes + vectorRowBytes) + scaleBlockBytes + row
            % segmentRows * dimensions
    }

    /// The runs of rows in `rows` that share a segment, so each run is one contiguous block of each kind.
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

    private func segmentStart(_ row: Int) -> Int {
        StoreHeader.size + row / segmentRows * segmentBytes
    }
}
