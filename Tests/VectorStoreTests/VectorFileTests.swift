import Foundation
import Testing

@testable import VectorStore

@Suite struct VectorFileTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
    }

    private func open(_ access: VectorFileAccess = .readWrite, model: String = "m1") throws -> VectorFile {
        try VectorFile.open(at: store.url, dimensions: 4, model: model, access: access, segmentRows: 3)
    }

    @Test func roundTrip() throws {
        var generator = SeededGenerator(state: 1)
        let entries = (0..<8).map {
            (key: "2411.0000\($0)", contentHash: UInt64($0) * 7, vector: unitVector(4, using: &generator))
        }
        try open().upsert(entries)
        let reader = try open(.readOnly)
        #expect(reader.count == 8)
        #expect(reader.model == "m1")
        #expect(
            try reader.contentHashes() == Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.contentHash) }))
        for entry in entries {
            #expect(try reader.vector(for: entry.key) == entry.vector)
        }
        #expect(try reader.vector(for: "hep-th/9901001") == nil)
        let some = try reader.entries(for: ["2411.00003", "2411.00007", "hep-th/9901001"])
        #expect(some.keys.sorted() == ["2411.00003", "2411.00007"])
        #expect(some["2411.00007"] == VectorFile.Entry(contentHash: 49, vector: entries[7].vector))
    }

    @Test func makerIsReadFromTheHeader() throws {
        _ = try open(model: "all-MiniLM-L6-v2@abc")
        let maker = try VectorFile.maker(at: store.url)
        #expect(maker.model == "all-MiniLM-L6-v2@abc" && maker.dimensions == 4)
        #expect(throws: VectorStoreError.self) { try VectorFile.maker(at: store.folder.appending(path: "none")) }
    }

    @Test func upsertReplacesInPlace() throws {
        var generator = SeededGenerator(state: 2)
        let file = try open()
        try file.upsert((0..<7).map { (key: "k\($0)", contentHash: 1, vector: unitVector(4, using: &generator)) })
        let size = try store.fileSize()
        let replacement = unitVector(4, using: &generator)
        let last = unitVector(4, using: &generator)
        try file.upsert([
            (key: "k2", contentHash: 9, vector: replacement), (key: "k5", contentHash: 3, vector: replacement),
            (key: "k5", contentHash: 4, vector: last),
        ])
        #expect(file.count == 7)
        #expect(try store.fileSize() == size)
        #expect(try file.vector(for: "k2") == replacement)
        #expect(try file.vector(for: "k5") == last)
        let hashes = try file.contentHashes()
        #expect(hashes.count == 7)
        #expect(hashes["k2"] == 9 && hashes["k5"] == 4 && hashes["k0"] == 1)
    }

    @Test func anotherHandleSeesCommittedUpserts() throws {
        var generator = SeededGenerator(state: 3)
        let writer = try open()
        let reader = try open(.readOnly)
        #expect(reader.count == 0)
        try writer.upsert([(key: "a", contentHash: 1, vector: unitVector(4, using: &generator))])
        #expect(reader.count == 1)
        #expect(try reader.nearest(to: [1, 0, 0, 0], limit: 5).map(\.key) == ["a"])
    }

    @Test func concurrentWritersThroughTwoHandlesLoseNothing() async throws {
        let handles = [try open(), try open()]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                let handle = handles[task % 2]
                group.addTask {
                    var generator = SeededGenerator(state: UInt64(task))
                    // Each task adds its own keys and rewrites a shared one, so appends and replacements race.
                    let entries = (0..<40).map {
                        (key: "t\(task).\($0)", contentHash: UInt64(task), vector: unitVector(4, using: &generator))
                    }
                    try handle.upsert(entries + [(key: "shared", contentHash: UInt64(task), vector: [1, 0, 0, 0])])
                }
            }
            try await group.waitForAll()
        }
        let hashes = try open(.readOnly).contentHashes()
        #expect(hashes.count == 8 * 40 + 1)
        #expect(handles[0].count == 8 * 40 + 1)
        #expect((0..<8).allSatisfy { hashes["t\($0).39"] == UInt64($0) })
    }

    @Test func tiesOrderByKey() throws {
        let vector: [Float] = [0.5, 0.5, 0.5, 0.5]
        try open().upsert(["c", "a", "d", "b"].map { (key: $0, contentHash: 0, vector: vector) })
        let file = try open(.readOnly)
        #expect(try file.nearest(to: vector, limit: 3).map(\.key) == ["a", "b", "c"])
        #expect(try file.nearest(to: vector, limit: 3, excluding: ["b"]).map(\.key) == ["a", "c", "d"])
    }

    @Test func modelChangeResetsReadWriteAndThrowsReadOnly() throws {
        try open().upsert([(key: "a", contentHash: 1, vector: [1, 0, 0, 0])])
        #expect(
            thrownError { _ = try open(.readOnly, model: "m2") } == .otherModel(path: store.url.path(), stored: "m1"))
        let reset = try open(model: "m2")
        #expect(reset.count == 0)
        #expect(try reset.vector(for: "a") == nil)
        #expect(try store.fileSize() == 4096)
        #expect(thrownError { _ = try open(.readOnly) } == .otherModel(path: store.url.path(), stored: "m2"))
        let wrongDimensions = thrownError {
            _ = try VectorFile.open(at: store.url, dimensions: 8, model: "m2", access: .readOnly)
        }
        #expect(wrongDimensions == .otherModel(path: store.url.path(), stored: "m2"))
    }

    @Test func keysAreChecked() throws {
        let file = try open()
        let long = String(repeating: "x", count: 33)
        let tooLong = thrownError { try file.upsert([(key: long, contentHash: 0, vector: [1, 0, 0, 0])]) }
        #expect(tooLong == .invalidKey(path: store.url.path(), key: long, reason: "33 bytes, at most 32"))
        #expect(thrownError { _ = try file.vector(for: long) } != nil)
        #expect(thrownError { try file.upsert([(key: "", contentHash: 0, vector: [1, 0, 0, 0])]) } != nil)
        #expect(thrownError { try file.upsert([(key: "é", contentHash: 0, vector: [1, 0, 0, 0])]) } != nil)
        #expect(thrownError { try file.upsert([(key: "ok", contentHash: 0, vector: [1, 0, 0])]) } != nil)
        let exact = String(repeating: "y", count: 32)
        try file.upsert([(key: exact, contentHash: 0, vector: [1, 0, 0, 0])])
        #expect(try file.contentHashes() == [exact: 0])
        #expect(file.count == 1)
    }

    @Test func readOnlyOpenOfMissingStoreThrows() {
        #expect(thrownError { _ = try open(.readOnly) } == .missing(path: store.url.path()))
    }

    @Test func readOnlyHandleRefusesWrites() throws {
        _ = try open()
        let reader = try open(.readOnly)
        #expect(
            thrownError { try reader.upsert([(key: "a", contentHash: 0, vector: [1, 0, 0, 0])]) }
                == .readOnly(path: store.url.path()))
    }
}
