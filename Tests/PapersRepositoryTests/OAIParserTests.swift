import Foundation
import PapersEntity
import PapersRepository
import TestSupport
import Testing

@Suite("OAI-PMH parsing")
struct OAIParserTests {
    let parser = OAIParser()

    static func fixture(_ name: String) throws -> Data { try FixtureFiles.data("arxiv-oai", name) }

    static func date(_ text: String) -> Date {
        (try? Date(text, strategy: .iso8601)) ?? .distantPast
    }

    @Test("arXivRaw keeps every version with its date and size, and the record's other fields")
    func arXivRaw() throws {
        let page = try parser.page(try Self.fixture("20-GetRecord-0806.4129-arXivRaw.xml"), source: "fixture")
        let paper = try #require(page.papers.first)
        #expect(page.records.count == 1)
        #expect(paper.id == "0806.4129" && paper.version == 6)
        #expect(paper.versions.map(\.number) == [1, 2, 3, 4, 5, 6])
        #expect(paper.versions.map(\.size) == ["13kb", "14kb", "15kb", "15kb", "17kb", "17kb"])
        #expect(paper.versions.first?.submitted == Self.date("2008-06-25T15:29:38Z"))
        #expect(paper.versions.last?.submitted == Self.date("2014-12-12T13:15:28Z"))
        #expect(paper.published == Self.date("2008-06-25T15:29:38Z"))
        // The datestamp (2014-12-15) is later than the last version: the metadata changed after it.
        #expect(paper.updated == Self.date("2014-12-15T00:00:00Z"))
        #expect(paper.authors.map(\.name) == ["Roldao da Rocha", "Waldyr A. Rodrigues Jr"])
        #expect(paper.categories == ["math-ph", "math.MP"] && paper.primaryCategory == "math-ph")
        #expect(paper.journalRef == "AIP Conf.Proc.1316:466-477,2010")
        #expect(paper.doi == "10.1063/1.3536454")
        #expect(paper.license == "http://arxiv.org/licenses/nonexclusive-distrib/1.0/")
        #expect(paper.comment == "15 pages. This version corrects some misprints of the published version")
        #expect(paper.title.hasPrefix("Gauge Fixing in the Maxwell Like Gravitational Theory"))
        #expect(paper.summary.hasPrefix("In a previous paper we investigate"))
        #expect(page.response.responseDate == Self.date("2026-11-24T14:27:19Z"))
        #expect(page.response.resumptionToken == nil && page.response.error == nil)
    }

    @Test("the arXiv format splits authors into keyname, forenames and suffix, and has no versions")
    func arXivFormat() throws {
        let paper = try #require(
            try parser.page(try Self.fixture("20-GetRecord-0806.4129-arXiv.xml"), source: "fixture").papers.first)
        #expect(
            paper.authors == [
                Author(keyname: "da Rocha", forenames: "Roldao", suffix: nil),
                Author(keyname: "Rodrigues", forenames: "Waldyr A.", suffix: "Jr"),
            ])
        #expect(paper.authors.map(\.name) == ["Roldao da Rocha", "Waldyr A. Rodrigues Jr"])
        #expect(paper.authors.map(\.lastName) == ["da Rocha", "Rodrigues"])
        #expect(paper.versions.isEmpty && paper.version == 1)
        #expect(paper.published == Self.date("2014-12-12T00:00:00Z"))
        #expect(paper.doi == "10.1063/1.3536454" && paper.license?.hasSuffix("nonexclusive-distrib/1.0/") == true)
    }

    @Test("a ListRecords page from another server: hard-wrapped titles, licences, DOIs and journal references")
    func hepcrawl() throws {
        let page = try parser.page(
            try Self.fixture("listrecords-arXiv-physics-hep-th-2017-12-14.xml"), source: "fixture")
        #expect(page.papers.map(\.id) == ["1412.8323", "1507.07790", "1607.01710"])
        let bosons = page.papers[1]
        #expect(bosons.title == "Relativistic quantum dynamics of vector bosons in an Aharonov-Bohm potential")
        #expect(bosons.authors.map(\.keyname) == ["Castro", "Silva"])
        #expect(bosons.authors.map(\.forenames) == ["Luis B.", "Edilberto O."])
        #expect(bosons.journalRef == "J. Phys. A: Math. Theor. 51 (2018) 035201")
        #expect(bosons.doi == "10.1088/1751-8121/aa9c53")
        #expect(page.papers[0].license == "http://creativecommons.org/licenses/by/4.0/")
        #expect(page.papers[0].authors == [Author(keyname: "Hoehn", forenames: "Philipp A", suffix: nil)])
        #expect(page.papers[2].authors.count == 5)
        #expect(page.response.resumptionToken == nil)
    }

    @Test("old-style ids and withdrawn papers (a normal record) read like any other")
    func oldStyleAndWithdrawn() throws {
        let old = try parser.page(
            try Self.fixture("23-GetRecord-oldstyle-hep-th_9901002-arXiv.xml"), source: "fixture"
        ).papers
        #expect(old.map(\.id) == ["hep-th/9901002"])
        #expect(old.first?.authors.map(\.keyname) == ["Cvetic", "Lu", "Pope", "Tran"])
        let withdrawn = try #require(
            try parser.page(try Self.fixture("21-GetRecord-withdrawn-1101.2483-arXivRaw.xml"), source: "fixture")
                .papers.first)
        #expect(withdrawn.version == 4 && withdrawn.versions.map(\.size) == ["326kb", "326kb", "0kb", "0kb"])
        #expect(withdrawn.authors.map(\.name) == ["Peyman Razaghi", "Giuseppe Caire"])
        #expect(withdrawn.comment?.hasPrefix("This paper has been withdrawn") == true)
    }

    @Test("pages carry their resumption token; the last one's is empty, so the list is complete")
    func paging() throws {
        let first = try parser.page(
            try Self.fixture("paged2-11-ListRecords-arXivRaw-set-math-p01.xml"), source: "fixture")
        #expect(first.papers.map(\.id) == ["0704.0248", "0704.0046"])
        #expect(
            first.response.resumptionToken
                == "verb%3DListRecords%26metadataPrefix%3DarXivRaw%26set%3Dmath%26from%3D2012-08-27%26skip%3D0")
        #expect(first.latestDatestamp == Self.date("2009-11-13T00:00:00Z"))
        #expect(first.papers[1].authors.map(\.name) == ["I. Csiszar", "F. Hiai", "D. Petz"])
        let last = try parser.page(
            try Self.fixture("paged2-11-ListRecords-arXivRaw-set-math-p03.xml"), source: "fixture")
        #expect(last.response.resumptionToken == nil && last.response.recordCount == last.records.count)
    }

    @Test("a deleted header is a deleted record, by its arXiv id")
    func deleted() throws {
        var text = String(decoding: try Self.fixture("paged2-11-ListRecords-arXivRaw-set-math-p01.xml"), as: UTF8.self)
        let range = try #require(text.range(of: "<header>"))
        text.replaceSubrange(range, with: "<header status=\"deleted\">")
        let page = try parser.page(Data(text.utf8), source: "cut")
        #expect(page.deletedIDs == ["0704.0248"])
        #expect(page.papers.map(\.id) == ["0704.0046"])
        #expect(page.records.first == .deleted(id: "0704.0248", datestamp: Self.date("2007-04-05T00:00:00Z")))
    }

    @Test(
        "errors come back in the response with their code and message",
        arguments: [
            ("43-noRecordsMatch-2022.xml", "noRecordsMatch"),
            ("42-badResumptionToken-garbage.xml", "badResumptionToken"),
            ("41-badArgument-ListRecords-unknown-set.xml", "badArgument"), ("40-badVerb-Foo.xml", "badVerb"),
            ("44-cannotDisseminateFormat-ListRecords-marc21.xml", "cannotDisseminateFormat"),
        ])
    func errors(file: String, code: String) throws {
        let page = try parser.page(try Self.fixture(file), source: "fixture")
        #expect(page.records.isEmpty)
        #expect(page.response.error?.code == code)
        #expect(page.response.error?.message.isEmpty == false)
    }

    @Test("a record in oai_dc is refused with its number, line and namespace")
    func dublinCore() throws {
        let error = #expect(throws: PapersError.self) {
            try parser.page(try Self.fixture("20-GetRecord-0806.4129-oai_dc.xml"), source: "fixture")
        }
        guard case .badFeed(_, .unsupportedMetadata(let record, let line, let namespace)) = error else {
            Issue.record("expected unsupported metadata, got \(String(describing: error))")
            return
        }
        #expect(record == 1 && line > 1 && namespace == "http://www.openarchives.org/OAI/2.0/oai_dc/")
    }

    @Test("an Atom feed is not an OAI-PMH response")
    func notOAI() throws {
        #expect(throws: PapersError.self) {
            try parser.page(try FixtureFiles.data("arxiv", "search-all-testing-100-entries.xml"), source: "atom")
        }
    }

    @Test("input cut into chunks anywhere parses the same", arguments: [1, 7, 4_093])
    func chunks(size: Int) throws {
        for name in ["20-GetRecord-0806.4129-arXivRaw.xml", "listrecords-arXiv-physics-hep-th-2017-12-14.xml"] {
            let data = try Self.fixture(name)
            #expect(try OAIParser(chunkSize: size).page(data, source: "f") == (try parser.page(data, source: "f")))
        }
    }

    @Test("a saved response file is read in chunks to the same records")
    func file() async throws {
        var records: [OAIRecord] = []
        let response = try await OAIParser(chunkSize: 1_000).read(
            fileAt: FixtureFiles.url("arxiv-oai", "listrecords-arXiv-physics-hep-th-2017-12-14.xml")
        ) { records.append(contentsOf: $0) }
        let whole = try parser.page(try Self.fixture("listrecords-arXiv-physics-hep-th-2017-12-14.xml"), source: "f")
        #expect(records == whole.records && response.recordCount == 3)
    }

    @Test("author lines: commas, 'and', a serial comma and affiliations in parentheses")
    func authorLines() {
        #expect(
            AuthorList.split("A. One, B. Two, and C. Three (Univ. X, Dept. Y)").map(\.name) == [
                "A. One", "B. Two", "C. Three",
            ])
        #expect(AuthorList.split("A. One (MIT) and B. Two").first?.affiliations == ["MIT"])
        #expect(AuthorList.split("A. One (Univ. X, Dept. Y)").first?.affiliations == ["Univ. X, Dept. Y"])
        #expect(AuthorList.split("Jane Anderson").map(\.name) == ["Jane Anderson"])
    }
}
