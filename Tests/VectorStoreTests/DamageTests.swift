import Foundation
import Testing

@testable import VectorStore

@Suite struct DamageTests {
    /// Little-endian bytes of a 32-bit field.
    private static func field(_ value: UInt32) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    /// Each case: an offset and the bytes written there over a valid five-row store.
    static let patches: [(name: String, offset: UInt64, bytes: [UInt8])] = [
        ("magic", 0, Array("SQLite f".utf8)),
        ("version", 8, field(7)),
        ("zero dimensions", 12, field(0)),
        ("absurd dimensions", 12, field(1 << 30)),
        ("zero segment rows", 16, field(0)),
        ("model too long", 20, field(500)),
        ("model not UTF-8", 32, [0xFF, 0xFE]),
        ("count beyond the file", 24, withUnsafeBytes(of: UInt64(1_000).littleEndian) { Array($0) }),
        ("absurd count", 24, withUnsafeBytes(of: UInt64.max.littleEndian) { Array($0) }),
    ]

    private func makeStore() throws -> TemporaryStore {
        let store = try TemporaryStore()
        let file = try VectorFile.open(at: store.url, dimensions: 4, model: "m", access: .readWrite, segmentRows: 8)
        try file.upsert((0..<5).map { (key: "k\($0)", contentHash: 0, vector: [1, 0, 0, 0]) })
        return store
    }

    private func expectDamaged(_ store: TemporaryStore) {
        for access in [VectorFileAccess.readOnly, .readWrite] {
            let error = thrownError {
                _ = try VectorFile.open(at: store.url, dimensions: 4, model: "m", access: access)
            }
            #expect(error?.isDamaged == true, "\(access): \(String(describing: error))")
        }
    }

    @Test(arguments: 0..<patches.count)
    func damagedHeaderThrows(index: Int) throws {
        let store = try makeStore()
        try store.patch(Self.patches[index].bytes, at: Self.patches[index].offset)
        expectDamaged(store)
    }

    @Test(arguments: [10, 4095, 4096 + 100])
    func truncatedFileThrows(size: Int) throws {
        let store = try makeStore()
        let handle = try FileHandle(forWritingTo: store.url)
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        expectDamaged(store)
    }

    @Test func damageFoundAfterOpenThrowsOnNextCall() throws {
        let store = try makeStore()
        let file = try VectorFile.open(at: store.url, dimensions: 4, model: "m", access: .readOnly)
        try store.patch(Array("garbage!".utf8), at: 0)
        #expect(thrownError { _ = try file.nearest(to: [1, 0, 0, 0], limit: 3) }?.isDamaged == true)
        #expect(file.count == 0)
    }
}
