import Foundation
import PapersEntity
import PapersRepository
import TestSupport
import Testing

@Suite("The daily RSS feed")
struct RSSParserTests {
    static func feed(_ name: String) throws -> Data { try FixtureFiles.data("arxiv-rss", name) }

    @Test("the recorded feed parses to its 1,504 items: 926 new, 569 replace, 9 cross")
    func counts() throws {
        let feed = try RSSParser().feed(try Self.feed("rss_mock_feed.xml"), source: "fixture")
        #expect(feed.announcements.count == 1_504)
        let byType = Dictionary(grouping: feed.announcements, by: \.type).mapValues(\.count)
        #expect(byType == [.new: 926, .replace: 569, .cross: 9])
        #expect(feed.day == (try Date("2024-11-28T05:00:00Z", strategy: .iso8601)))
    }

    @Test("an item's id, version, title, abstract, authors, categories, licence, DOI and journal reference")
    func fields() throws {
        let feed = try RSSParser().feed(try Self.feed("rss_mock_feed.xml"), source: "fixture")
        let first = try #require(feed.announcements.first)
        #expect(first.type == .new && first.paper.id == "2411.17700" && first.paper.version == 1)
        #expect(first.paper.title.hasPrefix("Exploring the Impact of Generative AI on Cross-Border E-Commerce"))
        #expect(first.paper.summary.hasPrefix("This study investigates the influence of generative"))
        #expect(first.paper.authors.map(\.name) == ["Jun Cui"] && first.paper.categories == ["cs.CY"])
        #expect(first.paper.license == "http://creativecommons.org/licenses/by/4.0/")
        let medium = try #require(feed.announcements.first { $0.paper.id == "1712.07645" })
        #expect(medium.type == .replace && medium.paper.version == 2)
        #expect(medium.paper.doi == "10.1134/S1547477118030159")
        #expect(medium.paper.journalRef == "Phys. Part. Nucl. Lett. 15(3), 225-229 (2018)")
        #expect(medium.paper.authors.count == 6 && medium.paper.authors[2].name == "Yu. B. Ivanov")
        #expect(medium.paper.primaryCategory == "nucl-th" && medium.paper.categories == ["nucl-th", "hep-ph"])
    }

    @Test("an empty channel is a day without announcements; a bad archive is refused with the valid ones")
    func emptyAndError() throws {
        let empty = try RSSParser().feed(try Self.feed("empty_rss_mock_feed.xml"), source: "fixture")
        #expect(empty.announcements.isEmpty && empty.day != nil)
        let error = #expect(throws: PapersError.self) {
            try RSSParser().feed(try Self.feed("error_rss_mock_feed.xml"), source: "fixture")
        }
        guard case .badArchive(let name, let valid) = error else {
            Issue.record("expected a bad archive, got \(String(describing: error))")
            return
        }
        #expect(name == "astroph" && valid.count == 21 && valid.first == "astro-ph" && valid.last == "test")
        #expect(error?.kind == .usage)
    }
}
