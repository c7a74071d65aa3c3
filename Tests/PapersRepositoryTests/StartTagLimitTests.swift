import Foundation
import PapersEntity
import PapersRepository
import Testing

/// A start tag past 64 KiB is refused before libxml2 sees it (its duplicate-attribute check is quadratic).
@Suite("The start-tag limit")
struct StartTagLimitTests {
    /// One byte, a few, a page, and the size files and bodies are read in.
    static let chunkSizes = [1, 7, 4_093, 256 << 10]

    func feed(entryTag: String, before: String = "") throws -> Data {
        let text = String(decoding: try Feeds.fixture("legacy2016-au-del_maestro-10-of-31.xml"), as: UTF8.self)
        return Data(text.replacingOccurrences(of: "<entry>", with: before + entryTag).utf8)
    }

    @Test("a start tag with 100,000 attributes is refused with the line it starts on", arguments: chunkSizes)
    func refused(chunkSize: Int) throws {
        let parser = AtomFeedParser(chunkSize: chunkSize)
        // Quoted `>` inside values must not end the tag early.
        let attributes = (0..<100_000).map { #"a\#($0)=">""# }.joined(separator: " ")
        let data = try feed(entryTag: "<entry \(attributes)>")
        let text = String(decoding: data, as: UTF8.self)
        let line = text[..<(text.range(of: "<entry a0")?.lowerBound ?? text.endIndex)].filter { $0 == "\n" }.count + 1
        #expect(throws: PapersError.badFeed(source: "feed", problem: .startTagTooLong(line: line, limit: 64 << 10))) {
            try parser.page(data, source: "feed")
        }
    }

    @Test("long comments, long text and tags under the limit still parse", arguments: chunkSizes)
    func allowed(chunkSize: Int) throws {
        let parser = AtomFeedParser(chunkSize: chunkSize)
        let comment = "<!-- " + String(repeating: "a \"quote\" > ", count: 20_000) + " -->"
        let attributes = (0..<2_000).map { #"a\#($0)="x""# }.joined(separator: " ")
        let page = try parser.page(try feed(entryTag: "<entry \(attributes)>", before: comment), source: "feed")
        #expect(page.papers.count == 10)
    }
}
