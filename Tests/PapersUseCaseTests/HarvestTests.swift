import Core
import Foundation
import PapersEntity
import PapersRepository
import PapersUseCase
import Synchronization
import TestSupport
import Testing

/// The three recorded pages of set `math` (arXivRaw, two records a page) and the harvest over them.
@Suite("Harvesting over OAI-PMH")
struct HarvestTests {
    static func page(_ number: Int) throws -> OAIPage {
        let name = "paged2-11-ListRecords-arXivRaw-set-math-p0\(number).xml"
        return try OAIParser().page(try FixtureFiles.data("arxiv-oai", name), source: name)
    }

    static func error(_ code: String) -> OAIPage {
        var response = OAIResponse()
        response.error = (code, "recorded for the test")
        response.responseDate = Date(timeIntervalSince1970: 1_800_000_000)
        return OAIPage(records: [], response: response)
    }

    /// The next page after each token, as the recorded server answered.
    static func pages() throws -> (first: OAIPage, byToken: [String: OAIPage]) {
        let (one, two, three) = (try page(1), try page(2), try page(3))
        let byToken = [one.response.resumptionToken ?? "", two.response.resumptionToken ?? ""]
        return (one, [byToken[0]: two, byToken[1]: three])
    }

    static let sets = [
        HarvestSet(spec: "math", name: "Mathematics"), HarvestSet(spec: "physics:hep-th", name: "High Energy Physics"),
        HarvestSet(spec: "cs:cs:AI", name: "Artificial Intelligence"), HarvestSet(spec: "cs", name: "Computer Science"),
    ]

    /// A repository serving the recorded pages; `override` may answer a request first.
    static func source(override: @escaping @Sendable (ListRecordsRequest) throws -> OAIPage? = { _ in nil }) throws
        -> InMemoryHarvestSource
    {
        let (first, byToken) = try pages()
        return InMemoryHarvestSource(sets: sets) { request in
            if let answer = try override(request) { return answer }
            guard let token = request.token else { return first }
            return byToken[token] ?? Self.error("badResumptionToken")
        }
    }

    static func useCase(_ source: InMemoryHarvestSource, library: InMemoryPaperLibrary) -> PapersUseCase {
        PapersUseCase(
            source: InMemoryPaperSource(papers: []), library: library, feeds: InMemoryPaperFeedReader(),
            harvests: source, announcements: OfflineAnnouncementSource(),
            clock: WallClock.fixed(Date(timeIntervalSince1970: 1_900_000_000)))
    }

    @Test(
        "a harvest follows every token to the end, stores each page and starts the next run from the last response's day"
    )
    func wholeList() async throws {
        let source = try Self.source()
        let library = InMemoryPaperLibrary()
        let progress = Mutex<[HarvestProgress]>([])
        let report = try await Self.useCase(source, library: library).harvest(
            set: "math", from: nil, format: .arXivRaw
        ) { step in progress.withLock { $0.append(step) } }
        #expect(report.pages == 3 && report.records == 5 && report.saved == SaveSummary(added: 5))
        #expect(!report.resumed && report.restarts == 0 && report.from == nil)
        #expect(source.requests.map(\.token?.isEmpty) == [nil, false, false])
        #expect(source.requests.first == ListRecordsRequest(set: "math", format: .arXivRaw, from: nil, token: nil))
        #expect(progress.withLock { $0.map(\.records) } == [2, 4, 5])
        let last = try Self.page(3).response.responseDate
        #expect(report.nextFrom == last.map(HarvestDay.string))
        let state = try await library.harvestState(report.key)
        #expect(state?.token == nil && state?.lastResponse == last && state?.pages == 3)
        // The next run is incremental: from the last response's day, and an empty list is no error.
        let next = InMemoryHarvestSource(sets: Self.sets) { _ in Self.error("noRecordsMatch") }
        let again = try await Self.useCase(next, library: library).harvest(set: "math", from: nil, format: .arXivRaw)
        #expect(next.requests.map(\.from) == [report.nextFrom])
        #expect(again.records == 0 && again.nextFrom == "2027-01-15")
    }

    @Test("a run that fails part-way keeps its pages and token; the next run goes on from the token, each record once")
    func resume() async throws {
        let library = InMemoryPaperLibrary()
        let secondToken = try Self.page(2).response.resumptionToken
        let failing = try Self.source { request in
            if request.token == secondToken { throw PapersError.unexpectedStatus(500, request: "page 3") }
            return nil
        }
        await #expect(throws: PapersError.unexpectedStatus(500, request: "page 3")) {
            try await Self.useCase(failing, library: library).harvest(set: "math", from: nil, format: .arXivRaw)
        }
        #expect(try await library.stats().papers == 4)
        #expect(
            try await library.harvestState(HarvestKey(endpoint: "memory:oai", set: "math", format: .arXivRaw))?.token
                == secondToken)
        let working = try Self.source()
        let report = try await Self.useCase(working, library: library).harvest(
            set: "math", from: nil, format: .arXivRaw)
        #expect(report.resumed && report.pages == 1 && report.saved == SaveSummary(added: 1))
        #expect(working.requests.map(\.token) == [secondToken])
        #expect(try await library.stats().papers == 5)
    }

    @Test("a refused token starts the list again from the saved day, keeping what was stored")
    func expiredToken() async throws {
        let library = InMemoryPaperLibrary()
        let secondToken = try Self.page(2).response.resumptionToken
        let refusals = Mutex(0)
        let source = try Self.source { request in
            guard request.token == secondToken,
                refusals.withLock({
                    $0 += 1
                    return $0 == 1
                })
            else { return nil }
            return Self.error("badResumptionToken")
        }
        let report = try await Self.useCase(source, library: library).harvest(
            set: "math", from: "2012-08-27", format: .arXivRaw)
        #expect(report.restarts == 1 && report.from == "2012-08-27")
        #expect(
            source.requests.map(\.from) == [
                "2012-08-27", "2012-08-27", "2012-08-27", "2012-08-27", "2012-08-27", "2012-08-27",
            ])
        #expect(source.requests.map { $0.token == nil } == [true, false, false, true, false, false])
        #expect(try await library.stats().papers == 5)
        #expect(report.saved == SaveSummary(added: 5, unchanged: 4))
    }

    @Test("a deleted record marks the paper withdrawn")
    func deleted() async throws {
        let library = InMemoryPaperLibrary()
        let first = try Self.page(1)
        try await library.save(first.papers)
        var records = first.records
        records[0] = .deleted(id: "0704.0248", datestamp: nil)
        let page = OAIPage(records: records, response: OAIResponse())
        let source = InMemoryHarvestSource(sets: Self.sets) { _ in page }
        let report = try await Self.useCase(source, library: library).harvest(set: nil, from: nil, format: .arXiv)
        #expect(report.withdrawn == 1 && report.records == 2)
        #expect(try await library.paper(id: "0704.0248")?.withdrawn == true)
        #expect(try await library.paper(id: "0704.0046")?.withdrawn == false)
    }

    @Test(
        "an unknown set is refused with the closest names; the repository's errors and a bad date have their own",
        arguments: [("hep-th", ["physics:hep-th"]), ("cs.AI", ["cs:cs:AI"]), ("mathh", ["math"]), ("zoology", [])])
    func unknownSet(typed: String, closest: [String]) async throws {
        let source = try Self.source()
        await #expect(throws: PapersError.unknownSet(typed, closest: closest)) {
            try await Self.useCase(source, library: InMemoryPaperLibrary()).harvest(
                set: typed, from: nil, format: .arXivRaw)
        }
        #expect(source.requests.isEmpty)
    }

    @Test("badArgument and a date that is not YYYY-MM-DD")
    func refusals() async throws {
        let source = InMemoryHarvestSource(sets: Self.sets) { _ in Self.error("badArgument") }
        let useCase = Self.useCase(source, library: InMemoryPaperLibrary())
        await #expect(throws: PapersError.oaiError(code: "badArgument", message: "recorded for the test")) {
            try await useCase.harvest(set: "math", from: "2030-01-01", format: .arXivRaw)
        }
        for bad in ["2024-13-01", "2023-02-29", "24-01-01", "yesterday"] {
            await #expect(throws: PapersError.notADate(bad)) {
                try await useCase.harvest(set: nil, from: bad, format: .arXivRaw)
            }
        }
        #expect(PapersError.oaiError(code: "badArgument", message: "").kind == .usage)
        #expect(PapersError.oaiError(code: "badResumptionToken", message: "").kind == .remote)
    }
}
