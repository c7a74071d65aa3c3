import Foundation
import TestSupport
import Testing

/// `papers bibtex` must print entries LaTeX can typeset, whatever characters arXiv's title holds.
@Suite("papers bibtex writes valid LaTeX")
struct BibTeXEscapingTests {
    @Test("a title with & % # _ $ and math is escaped outside the math and brace-protected")
    func escaped() throws {
        let directory = try TemporaryDirectory()
        let text = String(decoding: try FixtureFiles.data("arxiv", "search-all-testing-100-entries.xml"), as: UTF8.self)
        var parts = text.components(separatedBy: "<entry>")
        let id = try #require(parts[1].firstMatch(of: /<id>https?:\/\/arxiv\.org\/abs\/([^<]+)<\/id>/)?.1)
        parts[1] = parts[1].replacing(
            /<title>[^<]*<\/title>/,
            with: "<title>Promises &amp; Perils: 100% of C# code_gen for $5 in $O(n^2)$</title>",
            maxReplacements: 1)
        let feed = directory.path("feed.xml")
        try parts.joined(separator: "<entry>").write(to: feed, atomically: true, encoding: .utf8)
        let papers = BinaryRunner(product: "papers")
        let db = ["--db", directory.path("p.sqlite").path]
        #expect(try papers.run(["import", feed.path] + db).status == 0)
        let result = try papers.run(["bibtex", String(id), "--offline"] + db)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(##"title = {{Promises \& Perils: 100\% of C\# code\_gen for \$5 in $O(n^2)$}},"##),
            "\(result.stdout)")
    }
}
