import Foundation
import TestSupport
import Testing

@testable import SentenceEmbedding

/// Compares the Swift encoder with sentence-transformers' own output for the fixture texts.
@Suite(.serialized)
struct SentenceEncoderReferenceTests {
    let fixture: ReferenceFixture
    let encoder: SentenceEncoder

    /// Loaded once for all tests: Swift Testing makes a suite instance per test, and a debug-build load takes seconds.
    static let loaded: Result<SentenceEncoder, any Error> = Result {
        let folder = try EmbeddingModel.folder()
        do {
            return try SentenceEncoder(modelFolder: folder)
        } catch {
            throw EmbeddingModel.ModelNotFound(message: "cannot load \(folder.path): \(error)")
        }
    }

    init() throws {
        fixture = try ReferenceFixture.load()
        encoder = try Self.loaded.get()
    }

    @Test func fixtureCoversTheAgreedCases() {
        #expect(fixture.cases.count >= 20)
        #expect(fixture.cases.contains { $0.text.isEmpty })
        #expect(fixture.cases.contains { $0.ids.count == fixture.maxSequenceLength })
        #expect(encoder.maximumTokenCount == fixture.maxSequenceLength)
        #expect(encoder.dimensions == 384)
    }

    @Test func tokenIDsMatchTheHuggingFaceTokenizer() {
        for reference in fixture.cases {
            #expect(encoder.tokenIDs(for: reference.text) == reference.ids, "text: \(reference.text.debugDescription)")
        }
    }

    @Test func embeddingsMatchSentenceTransformers() {
        let vectors = encoder.embed(fixture.cases.map(\.text))
        var lowest: Float = 1
        for (reference, vector) in zip(fixture.cases, vectors) {
            let similarity = cosine(vector, reference.embedding)
            lowest = min(lowest, similarity)
            #expect(similarity >= 0.9999, "cosine \(similarity) for \(reference.text.debugDescription)")
            #expect(abs(norm(vector) - 1) < 1e-5)
        }
        print("lowest cosine against sentence-transformers: \(lowest)")
    }

    @Test func batchingDoesNotChangeTheResult() {
        // The short texts only: a debug build takes seconds per long text.
        let texts = fixture.cases.map(\.text).filter { $0.count < 100 }
        let together = encoder.embed(texts)
        for (text, vector) in zip(texts, together).prefix(6) {
            #expect(cosine(vector, encoder.embed([text])[0]) >= 0.99999, "text: \(text.debugDescription)")
        }
        let smallBatches = try? SentenceEncoder(
            modelFolder: EmbeddingModel.folder(), batchSize: 3, concurrentBatches: 2)
        for (first, second) in zip(together, smallBatches?.embed(texts) ?? []) {
            #expect(cosine(first, second) >= 0.99999)
        }
        #expect(smallBatches != nil)
    }

    @Test func emptyInputGivesNoVectors() {
        #expect(encoder.embed([]).isEmpty)
    }

    @Test func modelVersionIsStable() throws {
        let again = try SentenceEncoder(modelFolder: EmbeddingModel.folder(), concurrentBatches: 1)
        #expect(again.modelVersion == encoder.modelVersion)
        #expect(encoder.modelVersion.hasPrefix("bert-l6-h384-t256-"))
    }

    private func cosine(_ a: [Float], _ b: [Float]) -> Float {
        zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } / (norm(a) * norm(b))
    }

    private func norm(_ a: [Float]) -> Float {
        a.reduce(0) { $0 + $1 * $1 }.squareRoot()
    }
}
