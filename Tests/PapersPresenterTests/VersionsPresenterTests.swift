import Core
import Foundation
import PapersEntity
import PapersPresenter
import PapersUseCase
import TestSupport
import Testing

@MainActor
@Suite("Versions in the presenters")
struct VersionsPresenterTests {
    nonisolated static let now = Date(timeIntervalSince1970: 1_700_000_000)

    func paper(version: Int) -> Paper {
        Paper(
            id: "0806.4129", version: version, title: "Gauge fixing", summary: "About gauge fixing.",
            authors: [Author(keyname: "da Rocha", forenames: "Roldao", suffix: nil)], published: Self.now,
            updated: Self.now.addingTimeInterval(Double(version)), primaryCategory: "math-ph", categories: ["math-ph"],
            versions: (1...version).map {
                PaperVersion(number: $0, submitted: Self.now.addingTimeInterval(Double($0) * 86_400), size: "\($0)kb")
            },
            license: "http://creativecommons.org/licenses/by/4.0/")
    }

    @Test("a favourite marked at v2 is flagged once the library has v5; an unchanged one is not")
    func newerThanMarked() async throws {
        let useCase = PapersUseCase.inMemory(
            library: [paper(version: 2)], feeds: ["/v5.xml": [paper(version: 5)]], clock: WallClock.fixed(Self.now))
        _ = try await useCase.favourite("0806.4129")
        let presenter = PaperListPresenter(useCase: useCase, now: { Self.now })
        await presenter.favourites()
        #expect(try #require(presenter.state.value).rows.map(\.markedVersion) == [nil])
        _ = try await useCase.importFeeds([URL(fileURLWithPath: "/v5.xml")])
        await presenter.favourites()
        let row = try #require(presenter.state.value?.rows.first)
        #expect(row.markedVersion == 2 && row.shortID == "0806.4129v5")
    }

    @Test("the detail view lists every version with its day and size, the licence and the split author")
    func detail() async throws {
        let useCase = PapersUseCase.inMemory(library: [paper(version: 3)], clock: WallClock.fixed(Self.now))
        let presenter = PaperDetailPresenter(useCase: useCase, now: { Self.now })
        await presenter.show("0806.4129")
        let data = try #require(presenter.state.value)
        #expect(data.versions.map(\.number) == [1, 2, 3])
        #expect(data.versions.map(\.date) == ["2023-11-15", "2023-11-16", "2023-11-17"])
        #expect(data.versions.map(\.size) == ["1kb", "2kb", "3kb"])
        #expect(data.license == "http://creativecommons.org/licenses/by/4.0/" && !data.withdrawn)
        #expect(
            data.fields.contains(DetailField(label: "license", value: "http://creativecommons.org/licenses/by/4.0/")))
        #expect(data.authors == ["Roldao da Rocha"])
    }
}
