import Foundation
import PapersEntity
import PapersRepository
import TestSupport
import Testing
import VectorStore

/// The promises of `PaperVectorIndex`, held by every implementation: the file beside the library and memory.
@Suite("PaperVectorIndex contract, on a file and in memory")
struct PaperVectorIndexContractTests {
    /// A unit vector of 8 floats leaning towards axis `axis`, by `tilt` towards axis 7.
    static func unit(_ axis: Int, tilt: Float = 0) -> [Float] {
        var vector = [Float](repeating: 0, count: 8)
        vector[axis] = 1
        vector[7] += tilt
        let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return vector.map { $0 / norm }
    }

    static func indexes(in directory: TemporaryDirectory) throws -> [(String, any PaperVectorIndex)] {
        let file = try VectorFile.open(
            at: FileVectorIndex.url(besideLibrary: directory.path("p.sqlite")), dimensions: 8, model: "test-model",
            access: .readWrite)
        return [("file", FileVectorIndex(file: file)), ("memory", InMemoryVectorIndex())]
    }

    @Test(
        "a saved vector is found by id, replaced in place with its hash, and searched best first without the excluded")
    func contract() async throws {
        let directory = try TemporaryDirectory()
        for (name, index) in try Self.indexes(in: directory) {
            #expect(try await index.count() == 0, "\(name)")
            try await index.save([
                PaperVector(id: "2401.00001", textHash: 1, vector: Self.unit(0)),
                PaperVector(id: "2401.00002", textHash: 2, vector: Self.unit(1)),
                PaperVector(id: "2401.00003", textHash: 3, vector: Self.unit(0, tilt: 0.5)),
            ])
            try await index.save([PaperVector(id: "2401.00002", textHash: 22, vector: Self.unit(0, tilt: 2))])
            #expect(try await index.count() == 3, "\(name)")
            #expect(try await index.textHashes() == ["2401.00001": 1, "2401.00002": 22, "2401.00003": 3], "\(name)")
            let found = try await index.vectors(ids: ["2401.00002", "2401.99999"])
            #expect(found.keys.sorted() == ["2401.00002"], "\(name)")
            #expect(found["2401.00002"]?.vector == Self.unit(0, tilt: 2), "\(name)")
            #expect(found["2401.00002"]?.textHash == 22, "\(name)")

            let nearest = try await index.nearest(to: Self.unit(0), limit: 2, excluding: ["2401.00001"])
            #expect(nearest.map(\.id) == ["2401.00003", "2401.00002"], "\(name)")
            let cosine = Self.unit(0, tilt: 0.5)[0]
            #expect(abs((nearest.first?.score ?? 0) - cosine) < 1e-5, "\(name)")
            #expect(try await index.nearest(to: Self.unit(0), limit: 10, excluding: []).count == 3, "\(name)")
        }
    }

    @Test("the file's store errors are the feature's: read-only with none is notEmbedded, another model too")
    func fileErrors() throws {
        let directory = try TemporaryDirectory()
        let url = FileVectorIndex.url(besideLibrary: directory.path("p.sqlite"))
        #expect(url.lastPathComponent == "p.sqlite.vectors")
        func open(model: String, access: VectorFileAccess) throws(PapersError) {
            do throws(VectorStoreError) {
                _ = try VectorFile.open(at: url, dimensions: 8, model: model, access: access)
            } catch {
                throw PapersError(vectorStore: error)
            }
        }
        #expect(throws: PapersError.notEmbedded(otherModel: false)) { try open(model: "a", access: .readOnly) }
        try open(model: "a", access: .readWrite)
        #expect(throws: PapersError.notEmbedded(otherModel: true)) { try open(model: "b", access: .readOnly) }
        try Data("not a store".utf8).write(to: url)
        #expect {
            try open(model: "a", access: .readOnly)
        } throws: { error in
            guard case .vectorsDamaged(let path, _) = error as? PapersError else { return false }
            return path == url.path
        }
    }
}
