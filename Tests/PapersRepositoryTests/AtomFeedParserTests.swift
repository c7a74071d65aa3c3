import Core
import Foundation
import PapersEntity
import PapersRepository
import TestSupport
import Testing

@Suite("Atom parsing with libxml2")
struct AtomFeedParserTests {
    let parser = AtomFeedParser()

    @Test("today's 100-entry feed: every field, unicode, affiliations, DOI")
    func currentFormat() throws {
        let page = try parser.page(try Feeds.fixture("search-all-testing-100-entries.xml"), source: "fixture")
        #expect(page.papers.count == 100)
        #expect(page.header == FeedHeader(totalResults: 214_881, startIndex: 0, itemsPerPage: 100, entryCount: 100))
        let first = try #require(page.papers.first)
        #expect(first.id == "2202.12139" && first.version == 1)
        #expect(first.title == "Testing Deep Learning Models: A First Comparative Study of Multiple Testing Techniques")
        #expect(first.authors.map(\.name) == ["Mohit Kumar Ahuja", "Arnaud Gotlieb", "Helge Spieker"])
        #expect(first.primaryCategory == "cs.SE" && first.categories == ["cs.SE", "cs.LG"])
        #expect(
            first.pdfURL == "https://arxiv.org/pdf/2202.12139v1"
                && first.abstractURL == "https://arxiv.org/abs/2202.12139v1")
        #expect(first.doi == "10.1109/ICSTW55395.2022.00035")
        #expect(first.comment?.hasPrefix("Artificial Intelligence in Software Testing") == true)
        #expect(first.published == Date(timeIntervalSince1970: 1_645_715_119))
        #expect(page.papers.contains { $0.authors.contains { $0.name == "Aurora Ramírez" } })
        #expect(page.papers.contains { $0.authors.contains { !$0.affiliations.isEmpty } })
        #expect(page.papers.allSatisfy { !$0.summary.contains("\n") && !$0.title.contains("  ") })
        #expect(Set(page.papers.map(\.id)).count == 100)
        #expect(page.papers.contains { $0.title == "$ω$Test: WebView-Oriented Testing for Android Applications" })
    }

    @Test("the 2016 feed: namespaces declared inline, rel/title links, http, LaTeX, old-style ids")
    func legacyFormat() throws {
        let page = try parser.page(try Feeds.fixture("legacy2016-au-del_maestro-10-of-31.xml"), source: "fixture")
        #expect(page.papers.count == 10)
        #expect(page.header.totalResults == 31)
        let first = try #require(page.papers.first)
        #expect(first.id == "1201.4869")
        #expect(first.journalRef == "Int. J. Mod. Phys. B, 26, 1244002 (2012)")
        #expect(first.doi == "10.1142/S021797921244002X")
        #expect(first.pdfURL == "http://arxiv.org/pdf/1201.4869v1")
        #expect(first.summary.hasPrefix("As helium-4 is cooled below 2.17 K"))
        #expect(page.papers.contains { $0.id == "cond-mat/0412498" })
        #expect(page.papers.allSatisfy { !$0.title.isEmpty && $0.published <= $0.updated })
    }

    @Test("an empty result set is zero papers, not an error")
    func empty() throws {
        let page = try parser.page(try Feeds.fixture("empty-id-0000.0000.xml"), source: "fixture")
        #expect(page.papers.isEmpty)
        #expect(page.header.totalResults == 0)
    }

    @Test("the API's error feed is a remote error carrying its message")
    func errorFeed() throws {
        #expect(throws: PapersError.apiError("incorrect id format for abc")) {
            try parser.page(try Feeds.fixture("error-id-abc-http400.xml"), source: "fixture")
        }
        #expect(PapersError.apiError("").kind == .remote)
    }

    @Test("a file is streamed to the same papers as memory")
    func file() async throws {
        var ids: [String] = []
        let header = try await parser.read(fileAt: FixtureFiles.url("arxiv", "search-all-testing-100-entries.xml")) {
            ids.append(contentsOf: $0.map(\.id))
        }
        let page = try parser.page(try Feeds.fixture("search-all-testing-100-entries.xml"), source: "fixture")
        #expect(ids == page.papers.map(\.id))
        #expect(header.entryCount == 100)
    }

    @Test(
        "input cut into chunks anywhere (inside tags, attributes, entities, UTF-8 characters) parses the same",
        arguments: [1, 7, 4_093])
    func chunks(size: Int) async throws {
        let whole = try parser.page(try Feeds.fixture("search-all-testing-100-entries.xml"), source: "fixture")
        let chunked = AtomFeedParser(chunkSize: size)
        #expect(try chunked.page(try Feeds.fixture("search-all-testing-100-entries.xml"), source: "fixture") == whole)
        var papers: [Paper] = []
        var batches = 0
        try await chunked.read(fileAt: FixtureFiles.url("arxiv", "search-all-testing-100-entries.xml")) {
            #expect(!$0.isEmpty)
            papers.append(contentsOf: $0)
            batches += 1
        }
        #expect(papers == whole.papers)
        // Handed over as the chunks complete them, not all at the end.
        #expect(batches > 1)
        let legacy = try Feeds.fixture("legacy2016-au-del_maestro-10-of-31.xml")
        #expect(try chunked.page(legacy, source: "legacy") == (try parser.page(legacy, source: "legacy")))
    }

    @Test("prefixes do not matter, namespace URIs do; bare links and no links work")
    func drift() throws {
        let feed = """
            <a:feed xmlns:a="http://www.w3.org/2005/Atom"><a:entry>
              <a:id>https://arxiv.org/abs/hep-th/9901001v2</a:id><a:title>T</a:title><a:summary>S</a:summary>
              <a:published>2016-10-09T00:00:00-04:00</a:published><a:updated>2016-10-10T00:00:00Z</a:updated>
              <a:author><a:name> Ann   Lee </a:name><x:affiliation xmlns:x="http://arxiv.org/schemas/atom">MIT</x:affiliation></a:author>
              <a:link href="https://arxiv.org/pdf/hep-th/9901001v2"/>
              <p:primary_category xmlns:p="http://arxiv.org/schemas/atom" term="hep-th"/>
              <a:category term="hep-th"/><a:category term="gr-qc"/>
              <other:comment xmlns:other="urn:not-arxiv">ignored</other:comment>
            </a:entry></a:feed>
            """
        let paper = try #require(try parser.page(Data(feed.utf8), source: "t").papers.first)
        #expect(paper.id == "hep-th/9901001" && paper.version == 2)
        #expect(paper.authors == [Author(name: "Ann Lee", affiliations: ["MIT"])])
        #expect(paper.pdfURL == "https://arxiv.org/pdf/hep-th/9901001v2")
        #expect(paper.abstractURL == "https://arxiv.org/abs/hep-th/9901001v2")
        #expect(paper.comment == nil)
        #expect(paper.published == Date(timeIntervalSince1970: 1_475_985_600))
        #expect(paper.categories == ["hep-th", "gr-qc"])
    }

    @Test(
        "malformed input is a bad feed naming its source and the problem",
        arguments: [
            (
                "truncated",
                String(decoding: (try? Feeds.fixture("search-all-testing-100-entries.xml")) ?? Data(), as: UTF8.self)
                    .prefix(50_000).description
            ),
            ("html", "<!DOCTYPE html><html><head><title>503</title></head><body>Service Unavailable</body></html>"),
            ("rss", "<rss version=\"2.0\"><channel/></rss>"),
            ("atom-without-namespace", "<feed><entry/></feed>"),
            ("not xml", "Rate exceeded."),
            ("empty", ""),
        ])
    func malformed(name: String, body: String) {
        let error = #expect(throws: PapersError.self, "\(name)") { try parser.page(Data(body.utf8), source: name) }
        #expect(error?.kind == .badData, "\(name): \(String(describing: error))")
        guard case .badFeed(let source, let problem) = error else { return }
        #expect(source == name)
        switch name {
        case "truncated":
            #expect({ if case .notWellFormed = problem { true } else { false } }(), "\(problem)")
        case "not xml": #expect(problem == .notXML(looksLike: nil, expected: .atom))
        case "html": #expect(problem == .wrongRoot(root: "html", namespace: nil, expected: .atom))
        case "rss": #expect(problem == .wrongRoot(root: "rss", namespace: nil, expected: .atom))
        case "atom-without-namespace": #expect(problem == .wrongRoot(root: "feed", namespace: nil, expected: .atom))
        default: #expect(problem == .empty)
        }
    }

    @Test("a malformed entry stops the parse before the entries after it are delivered")
    func stopsAtDamage() throws {
        var entries = try Feeds.recordedEntries()
        entries[1] = entries[1].replacingOccurrences(of: "<published>", with: "<published>not a date")
        var delivered = 0
        #expect(
            throws: PapersError.badFeed(
                source: "t", problem: .malformedDate(entry: 2, text: "not a date2024-05-22T16:11:45Z"))
        ) {
            try parser.parse(Feeds.page(entries, total: 100, start: 0), source: "t") { _ in delivered += 1 }
        }
        #expect(delivered == 1)
    }
}
