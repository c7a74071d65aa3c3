import Core
import Foundation
import TestSupport
import Testing

@Suite("The papers binary, end to end")
struct PapersAppTests {
    let papers = BinaryRunner(product: "papers")
    let fixtures = FixtureFiles.root.appendingPathComponent("arxiv")

    func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    @Test("--help lists every command")
    func help() throws {
        let result = try papers.run(["--help"])
        #expect(result.status == 0)
        for command in [
            "search", "latest", "show", "fav", "unfav", "favorites", "library", "import", "bibtex", "doctor",
        ] {
            #expect(result.stdout.contains("  \(command)"), "\(command)")
        }
        #expect(!result.stdout.contains("search-bench"))
    }

    @Test("import, library search, show, fav, favorites, stats and bibtex, offline")
    func libraryFlow() throws {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("p.sqlite").path]
        let imported = try papers.run(
            [
                "import", fixture("search-all-testing-100-entries.xml"),
                fixture("legacy2016-au-del_maestro-10-of-31.xml"),
            ] + db)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("imported 110 papers from 2 files: 110 added"))

        let search = try papers.run(["library", "search", "helium", "--format", "plain"] + db)
        #expect(search.status == 0)
        #expect(
            search.stdout.contains(
                "1201.4869v1\t2012-01-23\tcond-mat.mes-hall\tAdrian Del Maestro\tA Luttinger Liquid Core Inside Helium-4 Filled Nanopores"
            ))

        let several = try papers.run(["library", "search", "au:gotlieb", "--format", "plain"] + db)
        #expect(
            several.stdout.contains("\tMohit Kumar Ahuja, Arnaud Gotlieb, Helge Spieker\tTesting Deep Learning Models"))

        let show = try papers.run(["show", "1201.4869", "--format", "json", "--offline"] + db)
        #expect(show.status == 0)
        let detail = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any]
        #expect(detail?["doi"] as? String == "10.1142/S021797921244002X")
        #expect(detail?["isFavourite"] as? Bool == false)

        #expect(
            try papers.run(["fav", "1201.4869", "--offline"] + db).stdout.contains("★ 1201.4869v1 added to favourites"))
        let favourites = try papers.run(["favorites"] + db)
        #expect(favourites.status == 0)
        #expect(favourites.stdout.contains("★  1201.4869v1"))
        #expect(try papers.run(["library", "stats", "--format", "plain"] + db).stdout.contains("favourites\t1"))
        let bibtex = try papers.run(["bibtex", "1201.4869", "cond-mat/0412498", "--offline"] + db)
        #expect(bibtex.stdout.contains("@misc{maestro2012luttinger,"))
        #expect(bibtex.stdout.contains("eprint = {cond-mat/0412498}"))
        #expect(try papers.run(["unfav", "1201.4869"] + db).stdout.contains("removed from favourites"))
    }

    @Test(
        "a table fits titles to $COLUMNS by display width; with no terminal and no COLUMNS, and in plain, titles are whole"
    )
    func fitsTitles() throws {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("p.sqlite").path]
        #expect(try papers.run(["import", fixture("legacy2016-au-del_maestro-10-of-31.xml")] + db).status == 0)
        let title = "A Luttinger Liquid Core Inside Helium-4 Filled Nanopores"
        let narrow = try papers.run(["library", "search", "helium"] + db, environment: ["COLUMNS": "60"])
        #expect(narrow.status == 0)
        #expect(narrow.stdout.contains("A Luttinger Liquid …"))
        #expect(!narrow.stdout.contains(title))
        let unknown = try papers.run(["library", "search", "helium"] + db, environment: ["COLUMNS": ""])
        #expect(unknown.stdout.contains(title))
        let plain = try papers.run(
            ["library", "search", "helium", "--format", "plain"] + db, environment: ["COLUMNS": "60"])
        #expect(plain.stdout.contains("\t" + title))
        let json = try papers.run(
            ["library", "search", "helium", "--format", "json"] + db, environment: ["COLUMNS": "60"])
        let list = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let row = (list?["rows"] as? [[String: Any]])?.first
        #expect(row?["title"] as? String == title)
        #expect(
            list?["emptyMessage"] as? String
                == "nothing in the library matches 'helium'; fetch more with `papers search` or `papers import`")
        let empty = try papers.run(["favorites"] + db)
        #expect(empty.stdout == "no favourites yet; add one with `papers fav ID`\n")
    }

    @Test("search pages through a loopback API given by --api-url and saves what it fetched")
    func searchAgainstLoopback() throws {
        let directory = try TemporaryDirectory()
        let feed = try FixtureFiles.data("arxiv", "search-all-testing-100-entries.xml")
        let server = try LoopbackServer(replies: [.respond(status: 200, body: feed)])
        let db = ["--db", directory.path("p.sqlite").path]
        let result = try papers.run(
            [
                "search", "testing", "--limit", "100", "--sort", "submitted", "--order", "asc", "--format", "json",
                "--api-url", server.baseURL.appendingPathComponent("api/query").absoluteString,
            ] + db)
        #expect(result.status == 0, "\(result.stderr)")
        let list = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((list?["rows"] as? [Any])?.count == 100)
        #expect(list?["heading"] as? String == "100 of 214,881 results for all:testing")
        let request = try #require(server.requests.first)
        #expect(request.target.contains("search_query=all:testing"))
        #expect(request.target.contains("sortBy=submittedDate") && request.target.contains("sortOrder=ascending"))
        #expect(request.headers["user-agent"]?.hasPrefix("strata-papers/") == true)
        #expect(result.stderr.isEmpty)
        let fromLibrary = try papers.run(["library", "search", "WebView", "--format", "plain"] + db)
        #expect(fromLibrary.stdout.contains("Android"))
    }

    @Test("$STRATA_ARXIV_API_URL points show at the loopback server; the error feed exits 76")
    func apiErrorExit() throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer(replies: [
            .respond(status: 400, body: try FixtureFiles.data("arxiv", "error-id-abc-http400.xml"))
        ])
        let result = try papers.run(
            ["show", "2401.12345", "--db", directory.path("p.sqlite").path],
            environment: ["STRATA_ARXIV_API_URL": server.baseURL.appendingPathComponent("api/query").absoluteString])
        #expect(result.status == ErrorKind.remote.exitCode)
        #expect(result.stderr.hasPrefix("papers: error: the arXiv API reports an error: incorrect id format for abc"))
        #expect(server.requests.count == 1)
    }

    @Test("an HTML page instead of Atom exits 78 and saves nothing")
    func htmlExit() throws {
        let directory = try TemporaryDirectory()
        let server = try LoopbackServer(replies: [
            .respond(status: 200, body: Data("<!DOCTYPE html><html><body>maintenance</body></html>".utf8))
        ])
        let db = ["--db", directory.path("p.sqlite").path]
        let result = try papers.run(["search", "x", "--api-url", server.baseURL.absoluteString] + db)
        #expect(result.status == ErrorKind.badData.exitCode)
        #expect(result.stderr.contains("is not an arXiv API feed (Atom): it is an HTML page"))
        #expect(try papers.run(["library", "stats", "--format", "plain"] + db).stdout.contains("papers\t0"))
    }

    @Test("usage errors exit 64 with one line: a bad id, a bad limit, search with --offline, a bad --api-url")
    func usageExits() throws {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("p.sqlite").path]
        for arguments in [
            ["show", "abc"], ["search", "x", "--limit", "30001"], ["search", "x", "--offline"],
            ["search", "x", "--api-url", "nope"],
        ] {
            let result = try papers.run(arguments + db)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("papers: error: "), "\(arguments)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments)")
        }
        #expect(try papers.run(["search", "x", "--format", "xml"] + db).status == 64)
        #expect(
            try papers.run(["show", "abc"] + db).stderr.hasPrefix(
                "papers: error: 'abc' is not an arXiv id; use the new style 2401.12345"))
        #expect(
            try papers.run(["search", "x", "--offline"] + db).stderr.contains(
                "--offline: searching arXiv needs the network"))
        #expect(
            try papers.run(["search", "x", "--limit", "30001"] + db).stderr
                == "papers: error: --limit must be between 1 and 30000 (the arXiv API's maximum per query); got 30001\n"
        )
        #expect(
            try papers.run(["search", "x", "--api-url", "nope"] + db).stderr.contains(
                "'nope' is not an http(s) URL; pass --api-url"))
        #expect(try papers.run(["search", "x", "--db", ""]).status == 64)
    }

    @Test("a bad import exits 78 and leaves the library as it was")
    func badImport() throws {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("p.sqlite").path]
        #expect(try papers.run(["import", fixture("legacy2016-au-del_maestro-10-of-31.xml")] + db).status == 0)
        let truncated = directory.path("cut.xml")
        try FixtureFiles.data("arxiv", "search-all-testing-100-entries.xml").prefix(100_000).write(to: truncated)
        let result = try papers.run(["import", fixture("search-all-testing-100-entries.xml"), truncated.path] + db)
        #expect(result.status == ErrorKind.badData.exitCode)
        #expect(result.stderr.contains("not well-formed XML"))
        #expect(try papers.run(["library", "stats", "--format", "plain"] + db).stdout.contains("papers\t10"))
        #expect(try papers.run(["show", "2401.00001", "--offline"] + db).status == ErrorKind.notFound.exitCode)
    }
}
