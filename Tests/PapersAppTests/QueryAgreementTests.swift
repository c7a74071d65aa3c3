import Foundation
import TestSupport
import Testing

/// One query language: every command and page that takes a query finds the same papers for it.
///
/// Library search, the web search and `export --query` run the query on the full-text index;
/// `export --watch` runs a watch's; the digest matches each watch in memory (`QueryMatcher`).
/// Each query of the table goes through all five on the built binary, and the ids must agree.
@Suite("papers: one query language")
struct QueryAgreementTests {
    /// Fields, phrases, prefixes, operators and parentheses, ids and a DOI, and a word nothing has.
    static let queries = [
        "helium OR testing", "au:maestro OR helium", "au:maestro helium", "testing ANDNOT software",
        "(helium OR quantum) ANDNOT cat:hep-th", "cat:hep-th", "cat:math", "cat:cond-mat.str-el", "cat:cs.SE",
        #"ti:"phase transition""#, #"abs:"test cases""#, "co:pages", "jr:phys", "test*", "1201.4869",
        "id:1201.4869v1", "10.1088/1751-8121/aa9c53", "hep-th/9901002", "abs:quantum AND au:maestro",
        "gravit* OR (black AND hole)", "quantum testing ANDNOT (software OR cat:cs)", "zzyzx",
    ]

    static let sources =
        ["search-all-testing-100-entries.xml", "legacy2016-au-del_maestro-10-of-31.xml"].map {
            FixtureFiles.url("arxiv", $0).path
        }
        + [
            "listrecords-arXiv-physics-hep-th-2017-12-14.xml", "23-GetRecord-oldstyle-hep-th_9901002-arXiv.xml",
            "20-GetRecord-0806.4129-arXivRaw.xml", "paged2-11-ListRecords-arXiv-set-math-p01.xml",
            "paged2-11-ListRecords-arXiv-set-math-p02.xml", "paged2-11-ListRecords-arXiv-set-math-p03.xml",
        ].map { FixtureFiles.url("arxiv-oai", $0).path } + [FixtureFiles.url("arxiv-snapshot", "sample.jsonl").path]

    let papers = BinaryRunner(product: "papers")

    @Test("library search, the web search, export --query, export --watch and the digest find the same papers")
    func everySurfaceAgrees() async throws {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("p.sqlite").path]
        let imported = try papers.run(["import"] + Self.sources + db)
        try #require(imported.status == 0, "\(imported.stderr)")
        for (index, query) in Self.queries.enumerated() {
            let added = try papers.run(["watch", "add", query, "--name", "w\(index)"] + db)
            try #require(added.status == 0, "\(query): \(added.stderr)")
        }
        // A watch limited to categories is its query AND any of them.
        let limited = try papers.run(["watch", "add", "testing", "--name", "limited", "--category", "cs.SE"] + db)
        try #require(limited.status == 0, "\(limited.stderr)")
        let digest = try digestMatches(db)
        let server = try ServedApp(product: "papers", arguments: db)
        defer { server.stop() }
        var found = 0
        for (index, query) in Self.queries.enumerated() {
            let library = try librarySearch(query, db)
            found += library.count
            #expect(try export(["--query", query], db) == library, "export --query \(query)")
            #expect(try export(["--watch", "w\(index)"], db) == library, "export --watch \(query)")
            #expect(digest["w\(index)", default: []] == library, "digest \(query)")
            #expect(try await webSearch(query, server.url) == library, "web search \(query)")
        }
        let testingInSE = try librarySearch("testing AND cat:cs.SE", db)
        let testing = try librarySearch("testing", db)
        #expect(!testingInSE.isEmpty && testingInSE.count < testing.count)
        #expect(try export(["--watch", "limited"], db) == testingInSE)
        #expect(digest["limited", default: []] == testingInSE)
        // The table finds papers: it would agree trivially if every query found none.
        #expect(found > 300)
        #expect(try librarySearch("1201.4869", db) == ["1201.4869"])
        #expect(try librarySearch("helium OR testing", db).count > 100)
    }

    @Test(
        "library search counts and pages; a query that does not parse or a page past the last is exit 64 at its column")
    func termsPagesAndErrors() throws {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("p.sqlite").path]
        try #require(try papers.run(["import"] + Self.sources.prefix(2) + db).status == 0)
        let search = ["library", "search", "helium OR testing"]
        let all = try librarySearch("helium OR testing", db)
        let second = try papers.run(search + ["--limit", "3", "--page", "2"] + db)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasPrefix("showing 4–6 of \(all.count) for helium OR testing\n"))
        // Each row has its abstract's snippet on the line under it.
        #expect(second.stdout.split(separator: "\n").count == 2 + 3 * 2)
        let plain = try papers.run(search + ["--limit", "3", "--page", "2", "--format", "plain"] + db)
        let firstPage = try papers.run(search + ["--limit", "3", "--format", "plain"] + db)
        let ids = (firstPage.stdout + plain.stdout).split(separator: "\n").map { $0.split(separator: "\t")[0] }
        #expect(Set(ids).count == 6)
        for (arguments, words) in [
            (["helium OR (testing"], "column 11: a '(' in the search is never closed"),
            (["foo:bar"], "column 1: 'foo:' is not a field"),
            (["helium", "AND"], "column 11: the search ends with an operator"),
            (["helium", "--page", "4"], "page 4 is past the last; the results fill 1 page"),
            (["helium", "--page", "0"], "--page must be at least 1"),
        ] {
            let result = try papers.run(["library", "search"] + arguments + db)
            #expect(result.status == 64, "\(arguments)")
            #expect(
                result.stderr.contains(words) && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }

    /// The ids `papers library search` lists, every match on one page.
    func librarySearch(_ query: String, _ db: [String]) throws -> Set<String> {
        struct List: Decodable {
            struct Row: Decodable { let id: String }
            let rows: [Row]
        }
        let result = try papers.run(["library", "search", query, "--limit", "10000", "--format", "json"] + db)
        try #require(result.status == 0, "\(query): \(result.stderr)")
        return Set(try JSONDecoder().decode(List.self, from: Data(result.stdout.utf8)).rows.map(\.id))
    }

    /// The ids of an export (CSL-JSON's `number` is `arXiv:ID`); exporting nothing is exit 64.
    func export(_ selection: [String], _ db: [String]) throws -> Set<String> {
        struct Item: Decodable { let number: String }
        let result = try papers.run(["export"] + selection + ["--format", "csl-json"] + db)
        if result.status == 64, result.stderr.contains("nothing to export") { return [] }
        try #require(result.status == 0, "\(selection): \(result.stderr)")
        let items = try JSONDecoder().decode([Item].self, from: Data(result.stdout.utf8))
        return Set(items.map { String($0.number.dropFirst("arXiv:".count)) })
    }

    /// Each watch's papers in the first digest (which covers the whole library): the papers listed
    /// under it, and those listed under an earlier watch that it also matches.
    func digestMatches(_ db: [String]) throws -> [String: Set<String>] {
        struct Digest: Decodable {
            struct Entry: Decodable {
                let id: String
                let alsoMatches: [String]
            }
            struct Section: Decodable {
                let name: String
                let entries: [Entry]
            }
            struct Body: Decodable { let sections: [Section] }
            let data: Body
        }
        let result = try papers.run(["digest", "--peek", "--format", "json"] + db)
        try #require(result.status == 0, "\(result.stderr)")
        var matches: [String: Set<String>] = [:]
        for section in try JSONDecoder().decode(Digest.self, from: Data(result.stdout.utf8)).data.sections {
            for entry in section.entries {
                for name in [section.name] + entry.alsoMatches { matches[name, default: []].insert(entry.id) }
            }
        }
        return matches
    }

    /// The ids of every page of the web search, following each page's `rel="next"` link.
    func webSearch(_ query: String, _ base: String) async throws -> Set<String> {
        var ids: Set<String> = []
        var next: String? = "/?q=" + (query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? query)
        var pages = 0
        while let path = next {
            let page = try await WebClient.get(base + path)
            try #require(page.status == 200, "\(query): \(page.status)")
            ids.formUnion(Self.captures(#"<a href="/paper\?id=([^"&]+)[^"]*" class="title">"#, in: page.body))
            next = Self.captures(#"<a href="([^"]+)" rel="next">"#, in: page.body).first.map {
                $0.replacingOccurrences(of: "&amp;", with: "&")
            }
            pages += 1
            try #require(pages < 100, "\(query): the pages never end")
        }
        return Set(ids.map { $0.removingPercentEncoding ?? $0 })
    }

    /// The first group of each match of `pattern`.
    static func captures(_ pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
