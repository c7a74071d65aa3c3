import Foundation
import TestSupport
import Testing

/// A one-paper Atom feed whose title is markup.
private let hostileFeed = """
    <?xml version="1.0" encoding="UTF-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom">
      <entry>
        <id>http://arxiv.org/abs/2401.00001v1</id>
        <updated>2024-01-01T00:00:00Z</updated>
        <published>2024-01-01T00:00:00Z</published>
        <title>&lt;script&gt;alert(1)&lt;/script&gt; Hostile helium</title>
        <summary>An abstract with &lt;img src=x onerror=alert(2)&gt; in it.</summary>
        <author><name>Eve "&gt;&lt;b&gt; Mallory</name></author>
        <link href="http://arxiv.org/abs/2401.00001v1" rel="alternate" type="text/html"/>
        <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="cs.CR" scheme="http://arxiv.org/schemas/atom"/>
        <category term="cs.CR" scheme="http://arxiv.org/schemas/atom"/>
      </entry>
    </feed>
    """

/// A library in a throwaway directory, with the papers of the Del Maestro fixture and the hostile one.
private struct Library {
    let directory: TemporaryDirectory
    let papers = BinaryRunner(product: "papers")
    var db: [String] { ["--db", directory.path("papers.sqlite").path] }

    init() throws {
        directory = try TemporaryDirectory()
        let hostile = directory.path("hostile.xml")
        try hostileFeed.write(to: hostile, atomically: true, encoding: .utf8)
        let fixture = FixtureFiles.url("arxiv", "legacy2016-au-del_maestro-10-of-31.xml").path
        let raw = FixtureFiles.url("arxiv-oai", "20-GetRecord-0806.4129-arXivRaw.xml").path
        let imported = try papers.run(["import", fixture, raw, hostile.path] + db)
        guard imported.status == 0 else { throw ImportFailed(stderr: imported.stderr) }
    }

    struct ImportFailed: Error { let stderr: String }
}

@Suite("papers serve")
struct ServeTests {
    @Test("search ranks as the CLI does, a paper's page has its versions, a favourite marked there is the CLI's")
    func searchOpenFavourite() async throws {
        let library = try Library()
        let server = try ServedApp(product: "papers", arguments: library.db)
        defer { server.stop() }
        let cli = try library.papers.run(["library", "search", "au:maestro helium", "--format", "plain"] + library.db)
        let ids = cli.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(!ids.isEmpty)
        let search = try await WebClient.get(server.url + "/?q=au%3Amaestro+helium")
        #expect(search.status == 200)
        // The same papers in the same (BM25) order as the terminal's list.
        let positions = ids.compactMap { search.body.range(of: ">\($0) · ")?.lowerBound }
        #expect(positions.count == ids.count)
        #expect(positions == positions.sorted())
        let paper = try await WebClient.get(server.url + "/paper?id=1201.4869")
        #expect(paper.status == 200)
        #expect(paper.body.contains("A Luttinger Liquid Core Inside Helium-4 Filled Nanopores"))
        // A paper harvested with its versions lists them, as `papers show` does.
        let versioned = try await WebClient.get(server.url + "/paper?id=0806.4129")
        #expect(versioned.body.contains("<td>v6</td>"))
        #expect(versioned.body.contains("<td>v1</td><td>2008-06-25</td><td>13kb</td>"))
        let marked = try await WebClient.post(
            server.url + "/paper/favourite", form: [("id", "1201.4869"), ("favourite", "yes")])
        #expect(marked.status == 200)
        #expect(marked.url.hasSuffix("/paper?id=1201.4869"))
        #expect(marked.body.contains("Remove from favourites"))
        let favourites = try library.papers.run(["favorites", "--format", "plain"] + library.db)
        #expect(favourites.stdout.hasPrefix("1201.4869v1\t"))
        let bibtex = try await WebClient.get(server.url + "/paper/bibtex?id=1201.4869")
        #expect(bibtex.status == 200)
        #expect(bibtex.headers["content-disposition"] == "attachment; filename=\"1201.4869.bib\"")
        #expect(bibtex.body.hasPrefix("@"))
        #expect(bibtex.body.contains("Luttinger"))
    }

    @Test("a paper titled <script> is text on the search and paper pages, its author and abstract too")
    func escaping() async throws {
        let library = try Library()
        let server = try ServedApp(product: "papers", arguments: library.db)
        defer { server.stop() }
        for page in ["/?q=hostile", "/paper?id=2401.00001"] {
            let answer = try await WebClient.get(server.url + page)
            #expect(answer.status == 200)
            #expect(answer.body.contains("&lt;script&gt;alert(1)&lt;/script&gt; Hostile helium"))
            #expect(!answer.body.contains("<script>alert"))
            #expect(!answer.body.contains("<img"))
            #expect(!answer.body.contains("<b>"))
        }
    }

    @Test("a paper the library lacks is a 404 page that says so")
    func missingPaper() async throws {
        let library = try Library()
        let server = try ServedApp(product: "papers", arguments: library.db)
        defer { server.stop() }
        let answer = try await WebClient.get(server.url + "/paper?id=2501.99999")
        #expect(answer.status == 404)
        #expect(answer.body.contains("is not in the library"))
    }

    @Test(
        "a query that does not parse, or a page past the last, is a 400 (as the JSON API answers a usage error) that says why beside the box, never a 500"
    )
    func badSearches() async throws {
        let library = try Library()
        let server = try ServedApp(product: "papers", arguments: library.db)
        defer { server.stop() }
        let cases = [
            ("/?q=helium+OR+%28testing", "column 11: a '(' in the search is never closed"),
            ("/?q=foo%3Abar", "column 1: 'foo:' is not a field"), ("/?q=helium+AND", "column 11"),
            ("/?q=helium&page=9", "Page 9 is past the last; the results fill 1 page."),
            ("/?q=helium&page=x", "Pages are numbered from 1."),
        ]
        for (path, words) in cases {
            let answer = try await WebClient.get(server.url + path)
            #expect(answer.status == 400, "\(path)")
            #expect(answer.body.contains("id=\"q-error\" role=\"alert\""), "\(path)")
            #expect(answer.body.contains(words), "\(path): \(answer.body)")
        }
    }

    @Test("watches are listed, added and removed in the browser; reading the digest moves its mark only when asked")
    func watchesAndDigest() async throws {
        let library = try Library()
        // No model: watches by words need none, and one by meaning is refused with words for the page.
        let noModel = library.directory.path("no-model").path
        let server = try ServedApp(product: "papers", arguments: library.db + ["--model", noModel])
        defer { server.stop() }
        let refused = try await WebClient.post(
            server.url + "/watches", form: [("query", "helium OR (x"), ("name", "")])
        #expect(refused.status == 400)
        #expect(refused.body.contains("column 11") && refused.body.contains("value=\"helium OR (x\""))
        #expect(refused.body.contains(#"id="query-error" role="alert""#))
        let cases: [([(String, String)], String, String)] = [
            (
                [("by", "words"), ("query", "helium"), ("threshold", "0.5")], "threshold",
                "A threshold is for a watch by meaning; choose Meaning, or leave the threshold empty."
            ),
            (
                [("by", "meaning"), ("query", "helium"), ("threshold", "half")], "threshold",
                "The threshold must be a number, a cosine above 0 and at most 1 such as 0.45; got 'half'."
            ),
            (
                [("by", "meaning"), ("query", "helium"), ("threshold", "1.5")], "threshold",
                "The threshold must be a cosine above 0 and at most 1, such as 0.45; got 1.5."
            ),
            (
                [("by", "meaning"), ("query", "superfluid helium in pores")], "query",
                "Watches by meaning need the embedding model, and this server has none it can use"
            ),
        ]
        for (form, field, words) in cases {
            let answer = try await WebClient.post(server.url + "/watches", form: form)
            #expect(answer.status != 200 && answer.status != 500, "\(form): \(answer.status)")
            #expect(answer.body.contains(#"id="\#(field)-error" role="alert""#), "\(form)")
            #expect(answer.body.contains(words), "\(form): \(answer.body)")
            // What was typed is kept, and so is the choice of words or meaning.
            #expect(answer.body.contains(#"value="\#(form[1].1)""#), "\(form)")
            let chosen = form[0].1 == "meaning" ? "by-meaning" : "by-words"
            #expect(answer.body.contains(#"id="\#(chosen)" name="by" value="\#(form[0].1)" checked"#), "\(form)")
            let line = answer.body.components(separatedBy: #"role="alert">"#).dropFirst().first?
                .prefix { $0 != "<" }
            #expect(line.map { !$0.contains("--") && !$0.contains("papers ") } == true, "\(form): \(line ?? "")")
        }
        let none = try library.papers.run(["watch", "list", "--format", "plain"] + library.db)
        #expect(none.stdout.isEmpty, "\(none.stdout)")
        let added = try await WebClient.post(
            server.url + "/watches", form: [("query", "au:maestro OR helium"), ("name", "helium"), ("categories", "")])
        #expect(added.status == 200 && added.url.hasSuffix("/watches"))
        #expect(added.body.contains(">au:maestro OR helium</code>"))
        let cli = try library.papers.run(["watch", "list", "--format", "plain"] + library.db)
        #expect(cli.stdout.hasPrefix("helium\t\tau:maestro OR helium"))

        let digest = try await WebClient.get(server.url + "/digest")
        #expect(digest.status == 200)
        #expect(digest.body.contains("A Luttinger Liquid Core Inside Helium-4 Filled Nanopores"))
        // Reading it in the browser moved nothing: the terminal's digest still lists the paper.
        let peek = try library.papers.run(["digest", "--peek", "--format", "plain"] + library.db)
        #expect(peek.stdout.contains("1201.4869"))
        let through = try #require(
            QueryAgreementTests.captures(#"name="through" value="(\d+)""#, in: digest.body).first)
        let read = try await WebClient.post(server.url + "/digest/read", form: [("through", through)])
        #expect(read.status == 200 && read.url.hasSuffix("/digest"))
        #expect(read.body.contains("Nothing new for your watches"))
        let after = try library.papers.run(["digest", "--peek", "--format", "plain"] + library.db)
        #expect(!after.stdout.contains("1201.4869"))

        let removed = try await WebClient.post(server.url + "/watches/remove", form: [("name", "helium")])
        #expect(removed.status == 200 && removed.body.contains("No watches yet"))
    }

    @Test("a paper's page: linked authors, dates, DOI, the citation to copy, similar papers and the way back")
    func paperPage() async throws {
        let library = try Library()
        let server = try ServedApp(product: "papers", arguments: library.db)
        defer { server.stop() }
        let page = try await WebClient.get(server.url + "/paper?id=0806.4129&q=gauge&page=2")
        #expect(page.status == 200)
        let body = page.body
        #expect(body.contains("<a href=\"/?q=gauge&amp;page=2\">Back to the results</a>"))
        #expect(body.contains("class=\"author\""))
        #expect(body.contains("<dt>Submitted</dt><dd>2008-06-25 (v1)</dd>"))
        #expect(body.contains("<dt>This version</dt>"))
        #expect(body.contains("id=\"bibtex-text\"") && body.contains("@misc{"))
        #expect(body.contains("id=\"ris-text\"") && body.contains("TY  - "))
        #expect(body.contains(">Similar papers in the library</h2>"))
        #expect(body.contains("id=\"favourite\""))
        #expect(
            body.range(of: "id=\"favourite\"")?.lowerBound ?? body.endIndex < body.range(of: "<h2>Abstract</h2>")?
                .lowerBound ?? body.startIndex)
        let landing = try await WebClient.get(server.url + "/")
        #expect(landing.body.contains("The library holds 12 papers, 0 favourites."))
        #expect(landing.body.contains(">Newest in the library</h2>"))
    }
}
