import Foundation
import Testing

@testable import VectorStore

@Suite struct CrashSafetyTests {
    let store: TemporaryStore
    let original: [(key: String, contentHash: UInt64, vector: [Float])]

    init() throws {
        store = try TemporaryStore()
        var generator = SeededGenerator(state: 9)
        original = (0..<10).map { (key: "k\($0)", contentHash: UInt64($0), vector: unitVector(4, using: &generator)) }
        try open().upsert(original)
    }

    private func open(_ access: VectorFileAccess = .readWrite) throws -> VectorFile {
        try VectorFile.open(at: store.url, dimensions: 4, model: "m", access: access, segmentRows: 4)
    }

    /// Every original row except `except` reads back unchanged.
    private func expectOriginalRows(in file: VectorFile, except: Set<String> = []) throws {
        let hashes = try file.contentHashes()
        for entry in original where !except.contains(entry.key) {
            #expect(hashes[entry.key] == entry.contentHash)
            #expect(try file.vector(for: entry.key) == entry.vector)
        }
    }

    @Test(arguments: [UpsertStage.markedPending, .wroteRows])
    func interruptedUpsertKeepsCommittedRows(stage: UpsertStage) throws {
        let size = try store.fileSize()
        try open().upsert(
            [(key: "k3", contentHash: 99, vector: [1, 0, 0, 0]), (key: "new", contentHash: 5, vector: [0, 1, 0, 0])],
            stoppingAfter: stage)
        let reader = try open(.readOnly)
        #expect(reader.count == 10)
        try expectOriginalRows(in: reader, except: ["k3"])
        // The row being replaced reads as absent, never as a half-written vector with its old hash.
        #expect(try reader.contentHashes()["k3"] == nil)
        #expect(try reader.vector(for: "k3") == nil)
        #expect(try reader.vector(for: "new") == nil)
        #expect(try reader.nearest(to: [1, 0, 0, 0], limit: 20).map(\.key).contains("k3") == false)
        let writer = try open()
        #expect(try store.fileSize() == size)
        try writer.upsert([(key: "k3", contentHash: 99, vector: [1, 0, 0, 0])])
        #expect(writer.count == 10)
        #expect(try writer.contentHashes()["k3"] == 99)
        #expect(try writer.nearest(to: [1, 0, 0, 0], limit: 1).map(\.key) == ["k3"])
    }

    @Test func garbagePartialRowIsIgnoredThenTruncated() throws {
        let size = try store.fileSize()
        try store.patch([UInt8](repeating: 0xAB, count: 70), at: UInt64(size))
        let reader = try open(.readOnly)
        #expect(reader.count == 10)
        try expectOriginalRows(in: reader)
        _ = try open()
        #expect(try store.fileSize() == size)
        try expectOriginalRows(in: try open(.readOnly))
    }

    @Test func emptyFileFromCrashedCreatorIsInitialised() throws {
        try FileManager.default.removeItem(at: store.url)
        #expect(FileManager.default.createFile(atPath: store.url.path(), contents: nil))
        #expect(thrownError { _ = try open(.readOnly) }?.isDamaged == true)
        #expect(try open().count == 0)
    }
}
