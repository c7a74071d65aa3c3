import Core
import Foundation
import PapersEntity
import PapersPresenter
import PapersUseCase
import TestSupport
import Testing

@MainActor
@Suite("Presenters")
struct PresenterTests {
    nonisolated static let now = Date(timeIntervalSince1970: 1_700_000_000)

    func paper(_ id: String, title: String, authors: [String], daysAgo: Double) -> Paper {
        let date = Self.now.addingTimeInterval(-daysAgo * 86_400)
        return Paper(
            id: id, version: 2, title: title, summary: "About \(title).", authors: authors.map { Author(name: $0) },
            published: date, updated: date, primaryCategory: "cs.LG", categories: ["cs.LG"])
    }

    func useCase(library: [Paper] = [], remote: [Paper] = [], feeds: [String: [Paper]] = [:]) -> PapersUseCase {
        PapersUseCase.inMemory(library: library, remote: remote, feeds: feeds, clock: WallClock.fixed(Self.now))
    }

    @Test("list rows: short id, date, whole title, first author et al., favourite, recent flag")
    func listRows() async throws {
        let long = paper(
            "2401.00001", title: String(repeating: "Very long title ", count: 20), authors: ["Ann Lee", "Bo Chen"],
            daysAgo: 2)
        let short = paper("2312.00002", title: "Short", authors: ["Solo Author"], daysAgo: 40)
        let useCase = useCase(library: [long, short])
        _ = try await useCase.searchLibrary("title", pageSize: 1)
        let presenter = PaperListPresenter(useCase: useCase, now: { Self.now })
        #expect(presenter.state == .initial)
        _ = try await useCase.favourite("2401.00001")
        await presenter.searchLibrary("About", pageSize: 10)
        let rows = try #require(presenter.state.value?.rows)
        let first = try #require(rows.first { $0.id == "2401.00001" })
        #expect(first.shortID == "2401.00001v2")
        #expect(first.date == "2023-11-12")
        #expect(first.authors == "Ann Lee et al.")
        #expect(first.isFavourite)
        #expect(first.isRecent)
        #expect(first.title.count == 319)  // whole, the trailing space collapsed away
        let second = try #require(rows.first { $0.id == "2312.00002" })
        #expect(second.title == "Short" && !second.isFavourite && !second.isRecent && second.authors == "Solo Author")
        #expect(presenter.state.value?.subject == .librarySearch("About"))
        #expect(presenter.state.value?.description == "About" && presenter.state.value?.totalResults == nil)
    }

    @Test("a fetched list says how many results there are and what the library saved")
    func fetchedHeading() async throws {
        let papers = (1...5).map { paper("2401.0000\($0)", title: "Graph \($0)", authors: ["A"], daysAgo: Double($0)) }
        let presenter = PaperListPresenter(useCase: useCase(remote: papers), now: { Self.now })
        await presenter.search("graph", limit: 3)
        #expect(presenter.state.value?.description == "all:graph" && presenter.state.value?.totalResults == 5)
        #expect(presenter.state.value?.saved == SavedCounts(added: 3, updated: 0, unchanged: 0))
    }

    @Test("a failure is the typed error in the state, and its kind is kept for the exit code")
    func failure() async {
        let presenter = PaperListPresenter(useCase: useCase(), now: { Self.now })
        await presenter.search("a AND", limit: 3)
        #expect(presenter.state == .failed(ViewFailure(PapersError.searchEndsWithOperator)))
        #expect(presenter.state.failure?.kind == .usage)
        let detail = PaperDetailPresenter(useCase: useCase(), now: { Self.now })
        await detail.show("2401.99999")
        #expect(detail.state == .failed(ViewFailure(PapersError.paperNotFound("2401.99999"))))
        #expect(detail.state.failure?.kind == .notFound)
    }

    @Test("an empty list says what it was a list of")
    func emptySubjects() async {
        let presenter = PaperListPresenter(useCase: useCase(), now: { Self.now })
        await presenter.favourites()
        #expect(presenter.state.value?.subject == .favourites)
        #expect(presenter.state.value?.rows.isEmpty == true)
        await presenter.latest(category: "cs.LG", limit: 5)
        #expect(presenter.state.value?.subject == .category("cs.LG"))
        await presenter.search("graph", limit: 5)
        #expect(presenter.state.value?.subject == .arxivSearch("all:graph"))
    }

    @Test("the detail view has every field and the favourite notices")
    func detail() async throws {
        let paper = paper("2401.00001", title: "Graphs", authors: ["Ann Lee"], daysAgo: 1)
        let presenter = PaperDetailPresenter(useCase: useCase(library: [paper]), now: { Self.now })
        await presenter.favourite("2401.00001")
        let data = try #require(presenter.state.value)
        #expect(data.change == .added)
        #expect(
            data.fields.map(\.label) == [
                "id", "title", "authors", "published", "updated", "category", "abstract", "pdf", "favourite",
            ])
        #expect(data.fields.last?.value == "yes")
        await presenter.unfavourite("2401.00001")
        #expect(presenter.state.value?.change == .removed)
        await presenter.unfavourite("2401.00001")
        #expect(presenter.state.value?.change == .wasNotFavourite)
        await presenter.show("2401.00001")
        #expect(presenter.state.value?.change == nil)
    }

    @Test("statistics, import and BibTeX view data")
    func library() async throws {
        let luttinger = Paper(
            id: "1201.4869", version: 1, title: "A Luttinger Liquid Core Inside Helium-4 Filled Nanopores",
            summary: "Helium.",
            authors: [Author(name: "Adrian Del Maestro")], published: Date(timeIntervalSince1970: 1_327_300_000),
            updated: Date(timeIntervalSince1970: 1_327_300_000), primaryCategory: "cond-mat.mes-hall",
            categories: ["cond-mat.mes-hall"])
        let others = (1...9).map { paper("1201.000\($0)", title: "Paper \($0)", authors: ["A"], daysAgo: 400) }
        let presenter = LibraryPresenter(useCase: useCase(feeds: ["/feeds/maestro.xml": [luttinger] + others]))
        await presenter.importFeeds(["/feeds/maestro.xml"])
        let imported = try #require(presenter.importResult.value)
        #expect(imported.files == 1 && imported.papers == 10 && imported.added == 10 && imported.repeats == 0)
        #expect(imported.updated == 0 && imported.unchanged == 0 && !imported.dryRun)
        await presenter.loadStats()
        #expect(presenter.stats.value?.fields.first == DetailField(label: "papers", value: "10"))
        await presenter.exportBibTeX(["1201.4869"])
        #expect(presenter.bibTeX.value?.text.hasPrefix("@misc{maestro2012luttinger,") == true)
    }
}
