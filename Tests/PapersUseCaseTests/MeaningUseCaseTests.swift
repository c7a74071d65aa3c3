import Foundation
import PapersEntity
import PapersRepository
import Synchronization
import Testing

@testable import PapersUseCase

/// The embedding run's bookkeeping, on the in-memory library and index: what is embedded, what is
/// kept when a run stops, and what a changed abstract makes stale. The model's quality is tested
/// end to end with the real model (PapersAppTests' MeaningTests); here a stand-in counts its texts.
@Suite("library embed: incremental, stoppable, resumable")
struct MeaningUseCaseTests {
    /// Embeds a text as a unit vector of its length and first letter, and counts what it was given.
    final class CountingEmbedder: TextEmbedder {
        let texts = Mutex<[String]>([])
        var modelVersion: String { "counting" }
        var dimensions: Int { 2 }
        func embed(_ texts: [String]) async -> [[Float]] {
            self.texts.withLock { $0 += texts }
            return texts.map { text in
                let x = Float(text.count)
                let y = Float(text.unicodeScalars.first?.value ?? 0)
                let norm = max((x * x + y * y).squareRoot(), 1)
                return [x / norm, y / norm]
            }
        }
    }

    static func paper(_ number: Int, summary: String = "An abstract.", updated: Double = 1_700_000_000) -> Paper {
        Paper(
            id: String(format: "2401.%05d", number), version: 1, title: "Paper \(number)", summary: summary,
            authors: [Author(name: "A. Author")], published: Date(timeIntervalSince1970: 1_700_000_000),
            updated: Date(timeIntervalSince1970: updated), primaryCategory: "cs.LG", categories: ["cs.LG"])
    }

    static func useCase(
        _ library: InMemoryPaperLibrary, embedder: any TextEmbedder, vectors: any PaperVectorIndex
    ) -> PapersUseCase {
        PapersUseCase(
            source: InMemoryPaperSource(papers: []), library: library, feeds: InMemoryPaperFeedReader(files: [:]),
            harvests: InMemoryHarvestSource.empty(),
            announcements: InMemoryAnnouncementSource(.success(AnnouncementFeed(announcements: [], day: nil))),
            clock: .reference, meaning: MeaningModel(embedder: embedder, vectors: vectors))
    }

    @Test("a stopped run keeps its batches; the next embeds only the rest, then only what changed")
    func stopAndResume() async throws {
        let library = InMemoryPaperLibrary()
        let count = PapersUseCase.embedBatch * 3 + 5
        try await library.save((1...count).map { Self.paper($0) })
        let embedder = CountingEmbedder()
        let vectors = InMemoryVectorIndex()
        let useCase = Self.useCase(library, embedder: embedder, vectors: vectors)

        let batches = Mutex(0)
        let first = try await useCase.embedLibrary(
            progress: { _ in batches.withLock { $0 += 1 } }, shouldStop: { batches.withLock { $0 } >= 2 })
        #expect(
            first
                == EmbedSummary(embedded: PapersUseCase.embedBatch * 2, alreadyCurrent: 0, total: count, stopped: true))
        #expect(try await vectors.count() == PapersUseCase.embedBatch * 2)

        let second = try await useCase.embedLibrary(progress: { _ in }, shouldStop: { false })
        #expect(second.embedded == count - PapersUseCase.embedBatch * 2 && !second.stopped)
        #expect(embedder.texts.withLock { $0.count } == count, "no paper embedded twice")
        #expect(try await vectors.count() == count)

        let changed = Self.paper(7, summary: "A new abstract, in version 1 updated.", updated: 1_700_100_000)
        try await library.save([changed])
        let third = try await useCase.embedLibrary(progress: { _ in }, shouldStop: { false })
        #expect(third == EmbedSummary(embedded: 1, alreadyCurrent: count - 1, total: count, stopped: false))
        #expect(embedder.texts.withLock { $0.last } == MeaningText(changed).text)
    }

    @Test("similar by meaning embeds a paper without a vector on the spot, stores nothing, and counts the unembedded")
    func unembeddedPaper() async throws {
        let library = InMemoryPaperLibrary()
        try await library.save((1...5).map { Self.paper($0) })
        let vectors = InMemoryVectorIndex()
        let useCase = Self.useCase(library, embedder: CountingEmbedder(), vectors: vectors)
        _ = try await useCase.embedLibrary(progress: { _ in }, shouldStop: { false })
        try await library.save([Self.paper(6)])

        let found = try await useCase.similarByMeaning(to: "2401.00006", limit: 3)
        #expect(found.similar.count == 3 && !found.similar.contains { $0.paper.id == "2401.00006" })
        #expect(found.unembedded == 1)
        #expect(try await vectors.count() == 5)
        await #expect(throws: PapersError.notInLibrary("2401.00099")) {
            try await useCase.similarByMeaning(to: "2401.00099", limit: 3)
        }
        await #expect(throws: PapersError.emptySearch) { try await useCase.searchByMeaning(" \n", limit: 3) }
    }
}
