import Database
import Foundation
import PapersEntity
import PapersRepository
import TestSupport
import Testing

@Suite("OAI-PMH files in the library")
struct OAIImportTests {
    static let files = [
        "paged2-11-ListRecords-arXivRaw-set-math-p01.xml", "paged2-11-ListRecords-arXivRaw-set-math-p02.xml",
        "paged2-11-ListRecords-arXivRaw-set-math-p03.xml", "listrecords-arXiv-physics-hep-th-2017-12-14.xml",
        "20-GetRecord-0806.4129-arXivRaw.xml", "23-GetRecord-oldstyle-hep-th_9901002-arXiv.xml",
    ]

    @Test(
        "every field of the recorded records comes back from the library exactly: ids, versions, split authors, DOI, journal-ref, licence"
    )
    func roundTrip() async throws {
        let library = SQLitePaperLibrary(database: try AppDatabase.inMemory(migrator: PapersSchema.migrator))
        let reader = FilePaperFeedReader()
        var expected: [Paper] = []
        for name in Self.files {
            expected += try OAIParser().page(try FixtureFiles.data("arxiv-oai", name), source: name).papers
        }
        let summary = try await library.importing { save in
            for name in Self.files { try await reader.read(FixtureFiles.url("arxiv-oai", name), onPapers: save) }
        }
        // 0806.4129 is on page 2 and in its own GetRecord: the same record twice, kept once.
        #expect(expected.count == 10 && summary == SaveSummary(added: 9, unchanged: 1))
        for paper in expected {
            #expect(try await library.paper(id: paper.id) == paper)
        }
        let gauge = try #require(try await library.paper(id: "0806.4129"))
        #expect(gauge.versions.count == 6 && gauge.license != nil)
        #expect(try await library.paper(id: "1412.8323")?.authors.first?.forenames == "Philipp A")
    }

    @Test("a saved OAI-PMH error response imports nothing; an empty list (noRecordsMatch) is no error")
    func errorResponses() async throws {
        let reader = FilePaperFeedReader()
        await #expect(
            throws: PapersError.oaiError(
                code: "badArgument",
                message:
                    "The request includes illegal arguments, is missing required arguments, includes a repeated argument, or values for arguments have an illegal syntax. Reason: Set does not exist"
            )
        ) {
            try await reader.read(FixtureFiles.url("arxiv-oai", "41-badArgument-ListRecords-unknown-set.xml")) { _ in }
        }
        var papers: [Paper] = []
        try await reader.read(FixtureFiles.url("arxiv-oai", "43-noRecordsMatch-2022.xml")) { papers += $0 }
        #expect(papers.isEmpty)
    }

    @Test(
        "a newer record without versions, licence or the first version's date (the query API, the daily feed) keeps what the library knew",
        arguments: [true, false])
    func newerRecordKeeps(sqlite: Bool) async throws {
        let library: any PaperLibrary =
            sqlite
            ? SQLitePaperLibrary(database: try AppDatabase.inMemory(migrator: PapersSchema.migrator))
            : InMemoryPaperLibrary()
        let harvested = try #require(
            try OAIParser().page(try FixtureFiles.data("arxiv-oai", "20-GetRecord-0806.4129-arXivRaw.xml"), source: "f")
                .papers.first)
        try await library.save([harvested])
        var announced = harvested
        announced.version = 7
        announced.versions = []
        announced.license = nil
        announced.published = Date(timeIntervalSince1970: 1_800_000_000)
        announced.updated = announced.published
        #expect(try await library.save([announced]) == SaveSummary(updated: 1))
        let kept = try #require(try await library.paper(id: "0806.4129"))
        #expect(kept.version == 7 && kept.published == harvested.published)
        #expect(kept.versions == harvested.versions && kept.license == harvested.license)
    }
}
