import Foundation
import TestSupport
import Testing

/// Feeds whose links are scripts, other sites or Markdown: what the digest and the web pages link to.
private let linkFeed = """
    <?xml version="1.0" encoding="UTF-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
      <entry>
        <id>http://arxiv.org/abs/2401.00002v1</id>
        <updated>2024-01-01T00:00:00Z</updated>
        <published>2024-01-01T00:00:00Z</published>
        <title>Scripted helium links</title>
        <summary>An abstract.</summary>
        <author><name>Eve Mallory</name></author>
        <link href="javascript:alert(1)" rel="alternate" type="text/html"/>
        <link href="JavaScript:alert(2)" rel="related" type="application/pdf" title="pdf"/>
        <arxiv:primary_category term="cs.CR"/>
        <category term="cs.CR"/>
      </entry>
      <entry>
        <id>http://arxiv.org/abs/2401.00003v1</id>
        <updated>2024-01-01T00:00:00Z</updated>
        <published>2024-01-01T00:00:00Z</published>
        <title>Injected helium links</title>
        <summary>An abstract.</summary>
        <author><name>Eve Mallory</name></author>
        <link href="https://arxiv.org/abs/x)%20[x](javascript:alert(3))" rel="alternate" type="text/html"/>
        <link href="https://evil.example/pdf/2401.00003" rel="related" type="application/pdf" title="pdf"/>
        <arxiv:primary_category term="cs.CR"/>
        <category term="cs.CR"/>
      </entry>
    </feed>
    """

@Suite("only http(s) links to arXiv or a DOI resolver leave papers")
struct LinkCheckTests {
    let papers = BinaryRunner(product: "papers")

    func library() throws -> (TemporaryDirectory, [String]) {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("p.sqlite").path]
        let feed = directory.path("links.xml")
        try linkFeed.write(to: feed, atomically: true, encoding: .utf8)
        let imported = try papers.run(["import", feed.path] + db)
        try #require(imported.status == 0, "\(imported.stderr)")
        #expect(try papers.run(["watch", "add", "helium", "--name", "he"] + db).status == 0)
        return (directory, db)
    }

    /// The targets of every Markdown link `[text](target)` in `text`.
    static func markdownTargets(_ text: String) -> [String] {
        text.matches(of: /\]\(([^)\s]*)\)/).map { String($0.1) }
    }

    @Test("the Markdown digest links each paper to arXiv only, one link each, whatever the feed said")
    func markdown() throws {
        let (directory, db) = try library()
        defer { withExtendedLifetime(directory) {} }
        let result = try papers.run(["digest", "--format", "markdown"] + db)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.lowercased().contains("javascript:"), "\(result.stdout)")
        #expect(!result.stdout.contains("evil.example"), "\(result.stdout)")
        let targets = Self.markdownTargets(result.stdout)
        #expect(targets.count == 4, "an abstract and a PDF link per paper: \(targets)")
        #expect(targets.allSatisfy { $0.hasPrefix("https://arxiv.org/") }, "\(targets)")
        #expect(targets.contains("https://arxiv.org/abs/2401.00002v1"))
        #expect(targets.contains("https://arxiv.org/pdf/2401.00003v1"))
        // The Atom feed and the JSON carry the same checked links.
        let atom = try papers.run(["digest", "--peek", "--format", "atom"] + db)
        #expect(!atom.stdout.lowercased().contains("javascript:") && !atom.stdout.contains("evil.example"))
    }

    @Test("papers serve's paper page links the abstract and the PDF to arXiv, never a script")
    func servedPage() async throws {
        let (directory, db) = try library()
        defer { withExtendedLifetime(directory) {} }
        let server = try ServedApp(product: "papers", arguments: db)
        defer { _ = server.stop() }
        for id in ["2401.00002", "2401.00003"] {
            let page = try await WebClient.get(server.url + "/paper?id=\(id)")
            #expect(page.status == 200)
            #expect(!page.body.lowercased().contains("javascript:"), "\(page.body)")
            #expect(!page.body.contains("evil.example"), "\(page.body)")
            #expect(page.body.contains("href=\"https://arxiv.org/pdf/\(id)v1\""), "\(page.body)")
        }
    }
}
