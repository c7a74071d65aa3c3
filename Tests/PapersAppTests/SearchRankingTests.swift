import Foundation
import TestSupport
import Testing

/// `papers library search` ranks every match by BM25, not only the newest ones.
@Suite("library search ranking, end to end")
struct SearchRankingTests {
    let papers = BinaryRunner(product: "papers")

    @Test("the best match added first still comes first after 600 newer, weaker matches")
    func oldBestMatchFirst() throws {
        let directory = try TemporaryDirectory()
        let database = directory.path("library.sqlite").path
        let recorded = String(
            decoding: try FixtureFiles.data("arxiv", "search-all-testing-100-entries.xml"), as: UTF8.self)
        let template =
            "<entry>" + recorded.components(separatedBy: "<entry>")[1].components(separatedBy: "</entry>")[0]
            + "</entry>"
        let best = Self.entry(
            template, id: "2001.00001", title: "Quasicrystal growth", summary: "How a quasicrystal grows.")
        let filler = String(repeating: "padding words about other things ", count: 20)
        let weaker = (0..<600).map {
            Self.entry(template, id: "2601.\(10_000 + $0)", title: "Unrelated \($0)", summary: "\(filler) quasicrystal")
        }
        for (name, entries) in [("old.xml", [best]), ("new.xml", weaker)] {
            try Self.feed(entries).write(to: directory.path(name))
            let imported = try papers.run(["import", directory.path(name).path, "--db", database])
            try #require(imported.status == 0, "\(imported.stderr)")
        }
        let search = try papers.run(
            ["library", "search", "quasicrystal", "--format", "plain", "--limit", "3", "--db", database])
        #expect(search.status == 0, "\(search.stderr)")
        #expect(search.stdout.hasPrefix("2001.00001"), "\(search.stdout)")
    }

    static func entry(_ template: String, id: String, title: String, summary: String) -> String {
        var entry = template
        for (tag, value) in [("id", "http://arxiv.org/abs/\(id)v1"), ("title", title), ("summary", summary)] {
            guard let open = entry.range(of: "<\(tag)>"),
                let close = entry.range(of: "</\(tag)>", range: open.upperBound..<entry.endIndex)
            else { continue }
            entry.replaceSubrange(open.upperBound..<close.lowerBound, with: value)
        }
        return entry
    }

    static func feed(_ entries: [String]) -> Data {
        Data(
            """
            <?xml version='1.0' encoding='UTF-8'?>
            <feed xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:arxiv="http://arxiv.org/schemas/atom" xmlns="http://www.w3.org/2005/Atom">
              <id>https://arxiv.org/api/x</id><title>q</title><updated>2026-04-12T22:45:06Z</updated>
              \(entries.joined(separator: "\n"))
            </feed>
            """.utf8)
    }
}
