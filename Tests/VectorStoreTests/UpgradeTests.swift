import Foundation
import Testing

@testable import VectorStore

/// A version 1 store (float vectors only) is upgraded to version 2 by its first read-write open.
@Suite struct UpgradeTests {
    private static let dimensions = 12

    /// A version 1 store of `count` rows in segments of 16, one row replaced once.
    private func versionOneStore(
        at url: URL, count: Int, generator: inout SeededGenerator
    ) throws -> [(key: String, contentHash: UInt64, vector: [Float])] {
        let file = try VectorFile.open(
            at: url, dimensions: Self.dimensions, model: "m", access: .readWrite, segmentRows: 16, version: 1)
        var entries = (0..<count).map {
            (key: "p\($0)", contentHash: UInt64($0), vector: unitVector(Self.dimensions, using: &generator))
        }
        try file.upsert(entries)
        entries[3] = (key: "p3", contentHash: 99, vector: unitVector(Self.dimensions, using: &generator))
        try file.upsert([entries[3]])
        return entries
    }

    private func version(of url: URL) throws -> Int {
        let page = try Data(contentsOf: url).prefix(12)
        return Int(page[8]) | Int(page[9]) << 8
    }

    @Test func readWriteOpenUpgradesAndKeepsEveryRow() throws {
        let store = try TemporaryStore()
        var generator = SeededGenerator(state: 11)
        let entries = try versionOneStore(at: store.url, count: 37, generator: &generator)
        #expect(try version(of: store.url) == 1)
        chmod(store.url.path(percentEncoded: false), 0o600)
        // A read-only open leaves the store as it is, and searches it in float.
        let reader = try VectorFile.open(at: store.url, dimensions: Self.dimensions, model: "m", access: .readOnly)
        let query = unitVector(Self.dimensions, using: &generator)
        let before = try reader.nearest(to: query, limit: 5).map(\.key)
        #expect(try version(of: store.url) == 1)

        _ = try VectorFile.open(at: store.url, dimensions: Self.dimensions, model: "m", access: .readWrite)
        #expect(try version(of: store.url) == 2)
        let attributes = try FileManager.default.attributesOfItem(atPath: store.url.path(percentEncoded: false))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: store.url.path(percentEncoded: false) + ".upgrade"))
        // The reader opened before the upgrade reads the new file: every row, hash and vector.
        #expect(reader.count == 37)
        let stored = try reader.entries(for: Set(entries.map(\.key)))
        for entry in entries {
            #expect(stored[entry.key] == VectorFile.Entry(contentHash: entry.contentHash, vector: entry.vector))
        }
        #expect(try reader.nearest(to: query, limit: 5).map(\.key) == before)
        #expect(
            try reader.nearest(to: query, limit: 5).map(\.key)
                == reader.nearest(to: query, limit: 5, exact: true).map(\.key))
    }

    @Test func aWriterOpenedBeforeTheUpgradeWritesToTheNewFile() throws {
        let store = try TemporaryStore()
        var generator = SeededGenerator(state: 12)
        _ = try versionOneStore(at: store.url, count: 20, generator: &generator)
        let early = try VectorFile.open(
            at: store.url, dimensions: Self.dimensions, model: "m", access: .readWrite, segmentRows: 16, version: 1)
        _ = try VectorFile.open(at: store.url, dimensions: Self.dimensions, model: "m", access: .readWrite)
        let added = unitVector(Self.dimensions, using: &generator)
        try early.upsert([(key: "late", contentHash: 7, vector: added)])
        let fresh = try VectorFile.open(at: store.url, dimensions: Self.dimensions, model: "m", access: .readOnly)
        #expect(fresh.count == 21)
        #expect(try fresh.vector(for: "late") == added)
        // Its codes were written too: the int8 scan finds it for its own vector.
        #expect(try fresh.nearest(to: added, limit: 1).first?.key == "late")
    }

    @Test func aSymlinkedStoreStaysALink() throws {
        let store = try TemporaryStore()
        var generator = SeededGenerator(state: 13)
        let elsewhere = store.folder.appending(path: "elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let target = elsewhere.appending(path: "real.vectors")
        _ = try versionOneStore(at: target, count: 10, generator: &generator)
        try FileManager.default.createSymbolicLink(at: store.url, withDestinationURL: target)
        _ = try VectorFile.open(at: store.url, dimensions: Self.dimensions, model: "m", access: .readWrite)
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: store.url.path(percentEncoded: false))
        #expect(link == target.path(percentEncoded: false))
        #expect(try version(of: target) == 2)
    }

    @Test func aFailedUpgradeLeavesTheStoreAsItWas() throws {
        let store = try TemporaryStore()
        var generator = SeededGenerator(state: 14)
        let entries = try versionOneStore(at: store.url, count: 10, generator: &generator)
        let original = try Data(contentsOf: store.url)
        // A folder where the upgrade's file would go: its open fails, as a full disk's write would.
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: store.url.path(percentEncoded: false) + ".upgrade"),
            withIntermediateDirectories: false)
        let error = thrownError {
            _ = try VectorFile.open(at: store.url, dimensions: Self.dimensions, model: "m", access: .readWrite)
        }
        guard case .system = error else {
            Issue.record("expected a system error, got \(String(describing: error))")
            return
        }
        #expect(try Data(contentsOf: store.url) == original)
        let reader = try VectorFile.open(at: store.url, dimensions: Self.dimensions, model: "m", access: .readOnly)
        #expect(try reader.vector(for: "p9") == entries[9].vector)
    }
}
