import PapersEntity
import Synchronization
import Testing

@testable import PapersRepository

/// The model behind read-only vectors loads at its first embedding, once, and must be the vectors' model.
@Suite struct DeferredEmbedderTests {
    struct Fixed: TextEmbedder {
        let modelVersion: String
        let dimensions = 2
        func embed(_ texts: [String]) async -> [[Float]] { texts.map { _ in [1, 0] } }
    }

    @Test func loadsOnFirstEmbeddingOnly() async throws {
        let loads = Mutex(0)
        let embedder = DeferredEmbedder(modelVersion: "m", dimensions: 2) { () throws(PapersError) in
            loads.withLock { $0 += 1 }
            return Fixed(modelVersion: "m")
        }
        #expect(embedder.modelVersion == "m" && embedder.dimensions == 2)
        #expect(loads.withLock { $0 } == 0)
        #expect(try await embedder.embed(["a", "b"]) == [[1, 0], [1, 0]])
        _ = try await embedder.embed(["c"])
        #expect(loads.withLock { $0 } == 1)
    }

    @Test func anotherModelThanTheVectorsIsRefused() async {
        let embedder = DeferredEmbedder(modelVersion: "made-by-a", dimensions: 2) { () throws(PapersError) in
            Fixed(modelVersion: "now-b")
        }
        await #expect(throws: PapersError.notEmbedded(otherModel: true)) { try await embedder.embed(["x"]) }
    }

    @Test func aMissingModelIsThrownOnEveryUse() async {
        let loads = Mutex(0)
        let embedder = DeferredEmbedder(modelVersion: "m", dimensions: 2) {
            () throws(PapersError) -> any TextEmbedder in
            loads.withLock { $0 += 1 }
            throw .modelMissing(path: "/nowhere")
        }
        for _ in 0..<2 {
            await #expect(throws: PapersError.modelMissing(path: "/nowhere")) { try await embedder.embed(["x"]) }
        }
        #expect(loads.withLock { $0 } == 1)
    }
}
