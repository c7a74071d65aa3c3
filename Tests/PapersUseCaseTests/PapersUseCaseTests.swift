import Core
import Foundation
import PapersEntity
import PapersRepository
import PapersUseCase
import TestSupport
import Testing

@Suite("Papers use cases over in-memory repositories")
struct PapersUseCaseTests {
    let clock = ManualClock()

    func recorded() throws -> [Paper] {
        try AtomFeedParser().parse(fileAt: FixtureFiles.url("arxiv", "legacy2016-au-del_maestro-10-of-31.xml")).papers
    }

    func make(library: [Paper] = [], remote: [Paper]) -> (PapersUseCase, InMemoryPaperSource, InMemoryPaperLibrary) {
        let source = InMemoryPaperSource(papers: remote)
        let store = InMemoryPaperLibrary(papers: library)
        return (
            PapersUseCase(
                source: source, library: store, feeds: FilePaperFeedReader(), harvests: OfflineHarvestSource(),
                announcements: OfflineAnnouncementSource(),
                clock: clock.clock), source,
            store
        )
    }

    @Test("a search saves every result and records the fetch")
    func searchSaves() async throws {
        let (useCase, _, library) = make(remote: try recorded())
        let list = try await useCase.search(try PaperQuery(expression: .term(.au, "Del Maestro"), limit: 5))
        #expect(list.papers.count == 5)
        #expect(list.saved == SaveSummary(added: 5))
        #expect(try await library.stats().papers == 5)
        #expect(try await library.stats().fetches == 1)
    }

    @Test("show reads the library first and asks arXiv only for what is missing")
    func showPrefersLibrary() async throws {
        let papers = try recorded()
        let (useCase, source, library) = make(library: [papers[0]], remote: papers)
        #expect(try await useCase.show(papers[0].id) == papers[0])
        #expect(source.queries.isEmpty)
        #expect(try await useCase.show("arXiv:\(papers[1].id)") == papers[1])
        #expect(source.queries.map(\.ids) == [[ArxivID(base: papers[1].id, version: nil)]])
        #expect(try await library.paper(id: papers[1].id) != nil)
        await #expect(throws: PapersError.paperNotFound("2401.00001")) { try await useCase.show("2401.00001") }
        await #expect(throws: PapersError.notAnArxivID("abc")) { try await useCase.show("abc") }
    }

    @Test("fav fetches a paper the library lacks; unfav keeps the paper")
    func favourites() async throws {
        let papers = try recorded()
        let (useCase, _, library) = make(remote: papers)
        #expect(try await useCase.favourite(papers[2].id).changed)
        #expect(try await !useCase.favourite(papers[2].id).changed)
        #expect(try await useCase.favourites().papers.map(\.id) == [papers[2].id])
        #expect(try await useCase.unfavourite(papers[2].id).changed)
        #expect(try await useCase.favourites().papers.isEmpty)
        #expect(try await library.paper(id: papers[2].id) != nil)
        await #expect(throws: PapersError.notAFavourite("2401.00001")) { try await useCase.unfavourite("2401.00001") }
    }

    @Test("import is all or nothing across files; a dry run writes nothing")
    func importing() async throws {
        let (useCase, _, library) = make(remote: [])
        let good = FixtureFiles.url("arxiv", "search-all-testing-100-entries.xml")
        let errorFeed = FixtureFiles.url("arxiv", "error-id-abc-http400.xml")
        let dry = try await useCase.importFeeds([good], dryRun: true)
        #expect(dry.papers == 100 && dry.saved == nil)
        #expect(try await library.stats().papers == 0)
        await #expect(
            throws: PapersError.savedErrorResponse(file: errorFeed.path, message: "incorrect id format for abc")
        ) {
            try await useCase.importFeeds([good, errorFeed])
        }
        #expect(try await library.stats().papers == 0)
        let report = try await useCase.importFeeds([
            good, FixtureFiles.url("arxiv", "legacy2016-au-del_maestro-10-of-31.xml"),
        ])
        #expect(report.saved == SaveSummary(added: 110))
        #expect(try await useCase.importFeeds([good]).saved == SaveSummary(unchanged: 100))
        await #expect(throws: PapersError.fileNotFound("/nonexistent.xml")) {
            try await useCase.importFeeds([URL(fileURLWithPath: "/nonexistent.xml")])
        }
        await #expect(throws: PapersError.noFilesToImport) { try await useCase.importFeeds([]) }
    }

    @Test(
        "a repeat in an import is saved when it is a later version, or the same version updated later; each counts once"
    )
    func repeatsInAnImport() async throws {
        func line(_ id: String, title: String, versions: Int, updated: String) -> String {
            let list = (1...versions).map { #"{"version": "v\#($0)", "created": "Mon, 1 Jan 2024 10:00:00 GMT"}"# }
            return
                #"{"id": "\#(id)", "authors": "A. One", "title": "\#(title)", "categories": "cs.LG", "abstract": "x", "#
                + #""versions": [\#(list.joined(separator: ", "))], "update_date": "\#(updated)"}"#
        }
        let directory = try TemporaryDirectory()
        let first = directory.path("first.jsonl")
        let second = directory.path("second.jsonl")
        try [
            line("2401.00001", title: "X first", versions: 1, updated: "2024-01-05"),
            line("2401.00002", title: "Y first", versions: 1, updated: "2024-01-05"),
        ]
        .joined(separator: "\n").write(to: first, atomically: true, encoding: .utf8)
        try [
            line("2401.00001", title: "X second version", versions: 2, updated: "2024-01-02"),
            line("2401.00002", title: "Y older", versions: 1, updated: "2024-01-03"),
            line("2401.00002", title: "Y updated", versions: 1, updated: "2024-01-09"),
            line("2401.00001", title: "X first again, later", versions: 1, updated: "2024-02-01"),
        ]
        .joined(separator: "\n").write(to: second, atomically: true, encoding: .utf8)
        let (useCase, _, library) = make(remote: [])
        let report = try await useCase.importFeeds([first, second])
        #expect(report.papers == 2 && report.repeats == 4)
        // The two repeats that supersede nothing are not even offered to the library.
        #expect(report.saved == SaveSummary(added: 2, updated: 2))
        #expect(try await library.paper(id: "2401.00001")?.title == "X second version")
        #expect(try await library.paper(id: "2401.00002")?.title == "Y updated")
    }

    @Test("library search is offline, pages its results and rejects an empty search or a page past the last")
    func librarySearch() async throws {
        let papers = try recorded()
        let (useCase, source, _) = make(library: papers, remote: [])
        #expect(try await useCase.searchLibrary("helium", pageSize: 10).list.papers.contains { $0.id == "1201.4869" })
        #expect(source.queries.isEmpty)
        await #expect(throws: PapersError.badQuery("  ", column: 1, reason: .emptySearch)) {
            try await useCase.searchLibrary("  ", pageSize: 10)
        }
        await #expect(throws: PapersError.limitOutOfRange(0, allowed: 1...Int.max)) {
            try await useCase.searchLibrary("helium", pageSize: 0)
        }
        let all = try await useCase.searchLibrary("the", pageSize: 1_000)
        let first = try await useCase.searchLibrary("the", page: 1, pageSize: 2)
        let second = try await useCase.searchLibrary("the", page: 2, pageSize: 2)
        #expect(all.total == .exactly(all.list.papers.count) && all.list.papers.count > 4)
        #expect((first.list.papers + second.list.papers).map(\.id) == all.list.papers.prefix(4).map(\.id))
        #expect((second.first, second.lastPage) == (3, (all.list.papers.count + 1) / 2))
        let pages = first.lastPage
        await #expect(throws: PapersError.pageOutOfRange(page: pages + 1, pages: pages)) {
            try await useCase.searchLibrary("the", page: pages + 1, pageSize: 2)
        }
        await #expect(throws: PapersError.pageOutOfRange(page: 0, pages: pages)) {
            try await useCase.searchLibrary("the", page: 0, pageSize: 2)
        }
    }

    @Test("latest asks for a category by submission date; a bad category is a usage error")
    func latest() async throws {
        let papers = try recorded()
        let (useCase, source, _) = make(remote: papers)
        let list = try await useCase.latest(category: "cond-mat.str-el", limit: 3)
        #expect(!list.papers.isEmpty && list.papers.allSatisfy { $0.categories.contains("cond-mat.str-el") })
        #expect(source.queries.first?.sortBy == .submittedDate)
        await #expect(throws: PapersError.notACategory("cs LG; DROP")) {
            try await useCase.latest(category: "cs LG; DROP", limit: 3)
        }
    }

    @Test("an import reads its files through the injected reader, and a damaged one imports nothing")
    func importThroughReader() async throws {
        let papers = try recorded()
        let reader = InMemoryPaperFeedReader(files: [
            "/a.xml": Array(papers.prefix(4)), "/b.xml": Array(papers.dropFirst(4)),
        ])
        reader.fail("/bad.xml", with: .badFeed(source: "/bad.xml", problem: .notWellFormed(nil)))
        let library = InMemoryPaperLibrary()
        let useCase = PapersUseCase(
            source: InMemoryPaperSource(papers: []), library: library, feeds: reader,
            harvests: OfflineHarvestSource(), announcements: OfflineAnnouncementSource(), clock: clock.clock)
        await #expect(throws: PapersError.badFeed(source: "/bad.xml", problem: .notWellFormed(nil))) {
            try await useCase.importFeeds([URL(fileURLWithPath: "/a.xml"), URL(fileURLWithPath: "/bad.xml")])
        }
        #expect(try await library.stats().papers == 0)
        let report = try await useCase.importFeeds([URL(fileURLWithPath: "/a.xml"), URL(fileURLWithPath: "/b.xml")])
        #expect(report == ImportReport(files: 2, papers: 10, saved: SaveSummary(added: 10)))
    }

    @Test("BibTeX keeps the order asked for")
    func bibtex() async throws {
        let papers = try recorded()
        let (useCase, _, _) = make(library: [papers[3]], remote: papers)
        let result = try await useCase.bibTeX([papers[1].id, papers[3].id])
        #expect(result.map(\.id) == [papers[1].id, papers[3].id])
    }
}

extension AtomFeedParser {
    fileprivate func parse(fileAt url: URL) throws -> FeedPage {
        try page(Data(contentsOf: url), source: url.path)
    }
}
