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

    func useCase(library: [Paper] = [], remote: [Paper] = []) -> PapersUseCase {
        PapersUseCase.inMemory(library: library, remote: remote, clock: WallClock.fixed(Self.now))
    }

    @Test("list rows: short id, date, cut title, first author et al., favourite mark, recent flag")
    func listRows() async throws {
        let long = paper("2401.00001", title: String(repeating: "Very long title ", count: 20), authors: ["Ann Lee", "Bo Chen"], daysAgo: 2)
        let short = paper("2312.00002", title: "Short", authors: ["Solo Author"], daysAgo: 40)
        let useCase = useCase(library: [long, short])
        _ = try useCase.searchLibrary("title", limit: 1)
        let presenter = PaperListPresenter(useCase: useCase, columns: 100, now: { Self.now })
        #expect(presenter.state == .initial)
        _ = try await useCase.favourite("2401.00001")
        await presenter.searchLibrary("About", limit: 10)
        let rows = try #require(presenter.state.value?.rows)
        let first = try #require(rows.first { $0.id == "2401.00001" })
        #expect(first.shortID == "2401.00001v2")
        #expect(first.date == "2023-11-12")
        #expect(first.authors == "Ann Lee et al.")
        #expect(first.mark == "★" && first.isFavourite)
        #expect(first.isRecent)
        #expect(first.displayTitle.hasSuffix("…"))
        #expect(first.displayTitle.count < 100 - 40)
        #expect(first.title.count == 319)  // the trailing space collapsed away
        let second = try #require(rows.first { $0.id == "2312.00002" })
        #expect(second.displayTitle == "Short" && second.mark.isEmpty && !second.isRecent && second.authors == "Solo Author")
        #expect(presenter.state.value?.heading == "2 papers for About")
    }

    @Test("a fetched list says how many results there are and what the library saved")
    func fetchedHeading() async throws {
        let papers = (1...5).map { paper("2401.0000\($0)", title: "Graph \($0)", authors: ["A"], daysAgo: Double($0)) }
        let presenter = PaperListPresenter(useCase: useCase(remote: papers), columns: 80, now: { Self.now })
        await presenter.search("graph", limit: 3)
        #expect(presenter.state.value?.heading == "3 of 5 results for all:graph")
        #expect(presenter.state.value?.savedNote == "library: 3 added, 0 updated, 0 unchanged")
    }

    @Test("a failure is one line in the state, and its kind is kept for the exit code")
    func failure() async {
        let presenter = PaperListPresenter(useCase: useCase(), columns: 80, now: { Self.now })
        await presenter.search("a AND", limit: 3)
        let message = presenter.state.failure.map { MessageError.describe($0.error) }
        #expect(message?.contains("needs a word") == true || message?.contains("ends with an operator") == true)
        #expect(presenter.failure?.kind == .usage)
        let detail = PaperDetailPresenter(useCase: useCase(), now: { Self.now })
        await detail.show("2401.99999")
        #expect(detail.failure?.kind == .notFound)
        #expect(detail.state.failure != nil)
    }

    @Test("the detail view has every field and the favourite notices")
    func detail() async throws {
        let paper = paper("2401.00001", title: "Graphs", authors: ["Ann Lee"], daysAgo: 1)
        let presenter = PaperDetailPresenter(useCase: useCase(library: [paper]), now: { Self.now })
        await presenter.favourite("2401.00001")
        let data = try #require(presenter.state.value)
        #expect(data.notice == "★ 2401.00001v2 added to favourites")
        #expect(data.fields.map(\.label) == ["id", "title", "authors", "published", "updated", "category", "abstract", "pdf", "favourite"])
        #expect(data.fields.last?.value == "yes")
        await presenter.unfavourite("2401.00001")
        #expect(presenter.state.value?.notice == "2401.00001v2 removed from favourites")
    }

    @Test("statistics, import and BibTeX view data")
    func library() async throws {
        let presenter = LibraryPresenter(useCase: useCase())
        await presenter.importFeeds([FixtureFiles.url("arxiv", "legacy2016-au-del_maestro-10-of-31.xml").path])
        #expect(presenter.importResult.value?.message == "imported 10 papers from 1 file: 10 added, 0 updated, 0 unchanged")
        await presenter.loadStats()
        #expect(presenter.stats.value?.fields.first == DetailField(label: "papers", value: "10"))
        await presenter.exportBibTeX(["1201.4869"])
        #expect(presenter.bibTeX.value?.text.hasPrefix("@misc{maestro2012luttinger,") == true)
    }
}
