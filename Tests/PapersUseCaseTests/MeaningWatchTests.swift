import Foundation
import PapersEntity
import PapersRepository
import Synchronization
import Testing

@testable import PapersUseCase

/// Watches by meaning in the digest and the export, on the in-memory library with a stand-in model
/// whose cosines are known: the real model's are tested end to end (PapersAppTests' MeaningTests).
@Suite("Meaning watches: matched by cosine in the digest and the export")
struct MeaningWatchTests {
    /// Embeds whether a text speaks of graphs and of quanta, plus a constant, as a unit vector:
    /// "graph" against a graph paper is 1, against a paper of neither about 0.71, against a quantum one 0.5.
    final class KeywordEmbedder: TextEmbedder {
        let texts = Mutex<[String]>([])
        var modelVersion: String { "keywords" }
        var dimensions: Int { 3 }
        func embed(_ texts: [String]) async -> [[Float]] {
            self.texts.withLock { $0 += texts }
            return texts.map { text in
                let lower = text.lowercased()
                let vector: [Float] = [lower.contains("graph") ? 1 : 0, lower.contains("quantum") ? 1 : 0, 1]
                let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
                return vector.map { $0 / norm }
            }
        }
    }

    static func paper(_ number: Int, _ title: String, _ category: String) -> Paper {
        Paper(
            id: String(format: "2401.%05d", number), version: 1, title: title, summary: "An abstract.",
            authors: [Author(name: "A. Author")], published: Date(timeIntervalSince1970: 1_700_000_000),
            updated: Date(timeIntervalSince1970: 1_700_000_000), primaryCategory: category, categories: [category])
    }

    static func useCase(_ library: InMemoryPaperLibrary, meaning: MeaningModel?) -> PapersUseCase {
        PapersUseCase(
            source: InMemoryPaperSource(papers: []), library: library, feeds: InMemoryPaperFeedReader(files: [:]),
            harvests: InMemoryHarvestSource.empty(),
            announcements: InMemoryAnnouncementSource(.success(AnnouncementFeed(announcements: [], day: nil))),
            clock: .reference, meaning: meaning)
    }

    @Test(
        "a meaning watch lists the papers in its categories at its threshold, embeds what lacks a vector once, and exports them"
    )
    func digestAndExport() async throws {
        let library = InMemoryPaperLibrary()
        try await library.save([
            Self.paper(1, "Graph networks", "cs.LG"), Self.paper(2, "Quantum graphs", "hep-th"),
            Self.paper(3, "Quantum fields", "hep-th"), Self.paper(4, "Graph theory", "math.CO"),
            Self.paper(5, "Sorting lists", "cs.DS"),
        ])
        let (embedder, vectors) = (KeywordEmbedder(), InMemoryVectorIndex())
        let useCase = Self.useCase(library, meaning: MeaningModel(embedder: embedder, vectors: vectors))
        _ = try await useCase.addWatch(query: "quantum", name: "quanta", categories: [])
        let watch = try await useCase.addMeaningWatch(
            description: "graph", name: nil, threshold: 0.9, categories: ["cs", "math"])
        #expect(watch.name == "graph" && watch.threshold == 0.9)

        let digest = try await useCase.digest()
        #expect(digest.sections.map(\.watch.name) == ["quanta", "graph"])
        #expect(digest.sections[0].entries.map(\.paper.id).sorted() == ["2401.00002", "2401.00003"])
        #expect(digest.sections[1].entries.map(\.paper.id) == ["2401.00001", "2401.00004"])
        #expect(digest.sections[1].entries.allSatisfy { abs($0.score - 1) < 1e-5 })
        // Papers 1, 4 and 5 are in the watch's categories, so they are embedded; 2 and 3 are not.
        #expect(digest.embedded == 3)
        #expect(try await vectors.textHashes().keys.sorted() == ["2401.00001", "2401.00004", "2401.00005"])

        let before = embedder.texts.withLock { $0.count }
        let again = try await useCase.digest()
        #expect(again.embedded == 0 && again.sections == digest.sections)
        #expect(embedder.texts.withLock { Array($0.dropFirst(before)) } == ["graph"], "only the description again")

        let exported = try await useCase.exportSelection(ids: [], favourites: false, watch: "graph", query: nil)
        #expect(exported.map(\.id) == ["2401.00001", "2401.00004"])
    }

    @Test(
        "a paper matching a words watch first and a meaning watch after lists both; a lower threshold reaches further")
    func alsoMatchesAndThreshold() async throws {
        let library = InMemoryPaperLibrary()
        try await library.save([Self.paper(1, "Graph networks", "cs.LG"), Self.paper(2, "Sorting lists", "cs.DS")])
        let useCase = Self.useCase(
            library, meaning: MeaningModel(embedder: KeywordEmbedder(), vectors: InMemoryVectorIndex()))
        _ = try await useCase.addWatch(query: "networks", name: "words", categories: [])
        _ = try await useCase.addMeaningWatch(description: "graph", name: "near", threshold: 0.7, categories: [])
        let digest = try await useCase.digest()
        #expect(digest.sections[0].entries.map(\.paper.id) == ["2401.00001"])
        #expect(digest.sections[0].entries.first?.alsoMatches == ["near"])
        // "Sorting lists" is about 0.71 from "graph": above 0.7.
        #expect(digest.sections[1].entries.map(\.paper.id) == ["2401.00002"])
    }

    @Test("without a model a meaning watch is refused at add and the digest of words watches needs none")
    func withoutModel() async throws {
        let library = InMemoryPaperLibrary()
        try await library.save([Self.paper(1, "Graph networks", "cs.LG")])
        let useCase = Self.useCase(library, meaning: nil)
        await #expect(throws: PapersError.modelMissing(path: "")) {
            try await useCase.addMeaningWatch(description: "graph", name: nil, threshold: 0.5, categories: [])
        }
        #expect(try await library.watches().isEmpty)
        _ = try await useCase.addWatch(query: "graph", name: nil, categories: [])
        #expect(try await useCase.digest().sections.first?.entries.count == 1)
        await #expect(throws: PapersError.thresholdOutOfRange(0)) {
            try await useCase.addMeaningWatch(description: "graph", name: nil, threshold: 0, categories: [])
        }
    }
}
