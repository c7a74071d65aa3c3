import COpenBLAS
import Foundation

/// The floor: a bare `cblas_sgemv` pass over the store's mapped vector rows, no key reads, no selection.
final class Floor {
    private let base: UnsafeMutableRawPointer
    private let length: Int
    private let count: Int
    private let dimensions: Int
    private var scores: [Float]

    /// Maps the store file itself (read-only, shared, as the store does).
    init(url: URL, count: Int, dimensions: Int) throws {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        length = Int(try handle.seekToEnd())
        guard let base = mmap(nil, length, PROT_READ, MAP_SHARED, handle.fileDescriptor, 0),
            base != UnsafeMutableRawPointer(bitPattern: -1)
        else { throw CocoaError(.fileReadUnknown) }
        self.base = base
        self.count = count
        self.dimensions = dimensions
        scores = [Float](repeating: 0, count: count)
    }

    deinit {
        munmap(base, length)
    }

    /// One pass: one sgemv per 65,536-row segment, at OpenBLAS's current thread count.
    func pass(_ query: [Float]) {
        // Layout from StoreLayout: a 4096-byte header, then segments of 65,536 key rows (48 B), their vectors,
        // their int8 scales (4 B) and codes (1 B a dimension).
        let segmentRows = 65_536
        let segmentBytes = segmentRows * (48 + dimensions * 4 + 4 + dimensions)
        scores.withUnsafeMutableBufferPointer { out in
            for start in stride(from: 0, to: count, by: segmentRows) {
                let rows = min(segmentRows, count - start)
                let vectors = (base + 4096 + start / segmentRows * segmentBytes + segmentRows * 48)
                    .assumingMemoryBound(to: Float.self)
                cblas_sgemv(
                    CblasRowMajor, CblasNoTrans, Int32(rows), Int32(dimensions), 1, vectors, Int32(dimensions), query,
                    1, 0, out.baseAddress.map { $0 + start }, 1)
            }
        }
    }
}
