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

/// Whatever a feed holds, every BibTeX entry stays whole: strict readers (pybtex, which counts
/// braces as BibTeX does and refuses a repeated field, and bibtexparser) read every entry with
/// every field, and nothing in a field becomes a field of its own.
@Suite("papers export writes BibTeX no feed can break out of")
struct BibTeXStrictReaderTests {
    /// Crafted values for the first entries of a 100-entry feed: title, journal reference, DOI,
    /// primary category and authors, each with LaTeX specials, lone braces and field-shaped text.
    static let crafted: [(title: String, journal: String, doi: String, category: String, authors: [String])] = [
        (
            #"A } lone close & 100% #1 _x_ ^ ~ \ @misc{evil, title = {x}"#, #"J. {Phys} }, note = {INJECTED"#,
            #"10.1234/x}, note = {INJECTED"#, #"cs.SE}, note = {x"#, ["Ada } Lovelace", "Alan Turing"]
        ),
        (
            #"Lone { open $x^{2$ and \{ escaped"#, #"{ unclosed journal"#, #"10.1/a b\c%d#e{"#, "cs.LG",
            ["Ada { Lovelace", "B } and C", "D, E, F"]
        ),
        (
            #"50% off % comment } @string{x = "y"} and "quoted", author = "z""#, #"Vol. 1 # "2" % 3"#,
            #"10.5555/%7D{}"#, #"math.CO"#, [#"@{x}, author = {y"#]
        ),
        (
            #"Math $\{a\}$ and $a}$ and $\lbrace$ \textbf{bold} \\ end"#, #"Phys. Rev. \"#, #"10.1/ok"#, "hep-th",
            [#"Erwin Schr\"odinger"#, #"\"#]
        ),
        (
            #"ends with a backslash \"#, #"}{"#, #"10.1/}{"#, #"q-bio.NC"#, ["}{", "{}"]
        ),
        (
            #"}}}}} {{{{{ @comment{ % # & $"#, #"@preamble{"\x"}"#, #"10.1/@preamble{x}"#, #"stat.ML"#,
            [#"title = {t}"#]
        ),
    ]

    static func xml(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The 100-entry feed with the crafted values in its first entries.
    static func craftedFeed(in directory: TemporaryDirectory) throws -> (URL, [String]) {
        let text = String(decoding: try FixtureFiles.data("arxiv", "search-all-testing-100-entries.xml"), as: UTF8.self)
        var parts = text.components(separatedBy: "<entry>")
        for (index, values) in crafted.enumerated() {
            var entry = parts[index + 1]
            entry = entry.replacing(
                /<title>[^<]*<\/title>/, with: "<title>\(xml(values.title))</title>", maxReplacements: 1)
            entry = entry.replacing(/<arxiv:journal_ref>[^<]*<\/arxiv:journal_ref>\s*/, with: "")
            entry = entry.replacing(/<arxiv:doi>[^<]*<\/arxiv:doi>\s*/, with: "")
            entry = entry.replacing(/<author>\s*<name>[^<]*<\/name>\s*<\/author>\s*/, with: "")
            entry = entry.replacing(
                /<arxiv:primary_category[^>]*\/>/,
                with: #"<arxiv:primary_category term="\#(xml(values.category))"/>"#
                    + "<arxiv:journal_ref>\(xml(values.journal))</arxiv:journal_ref>"
                    + "<arxiv:doi>\(xml(values.doi))</arxiv:doi>"
                    + values.authors.map { "<author><name>\(xml($0))</name></author>" }.joined(),
                maxReplacements: 1)
            parts[index + 1] = entry
        }
        let ids = parts.dropFirst().compactMap { part in
            part.firstMatch(of: /<id>https?:\/\/arxiv\.org\/abs\/([^<]+?)(v\d+)?<\/id>/).map { String($0.1) }
        }
        let feed = directory.path("crafted.xml")
        try parts.joined(separator: "<entry>").write(to: feed, atomically: true, encoding: .utf8)
        return (feed, ids)
    }

    @Test("a crafted feed's 100 entries read in pybtex and bibtexparser with every field, none injected")
    func strictReaders() throws {
        let directory = try TemporaryDirectory()
        let (feed, ids) = try Self.craftedFeed(in: directory)
        #expect(ids.count == 100)
        let papers = BinaryRunner(product: "papers")
        let db = ["--db", directory.path("p.sqlite").path]
        let imported = try papers.run(["import", feed.path] + db)
        try #require(imported.status == 0, "\(imported.stderr)")
        let output = directory.path("all.bib").path
        let exported = try papers.run(
            ["export", "-", "--format", "bibtex", "--offline", "--output", output] + db,
            input: ids.joined(separator: "\n"))
        try #require(exported.status == 0, "\(exported.stderr)")
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(!text.contains("note = {INJECTED"), "no field closed early")

        let check = try ExportTests().consumersCheckSources("bibtex", output, sources: [feed.path])
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("bibtex: 100 records checked, 0 failures"), "\(check.output)")

        // `papers bibtex` writes the same entry for a crafted paper.
        let single = try papers.run(["bibtex", ids[0], "--offline"] + db)
        #expect(single.status == 0, "\(single.stderr)")
        #expect(text.contains(single.stdout.trimmingCharacters(in: .newlines)), "\(single.stdout)")
    }
}

extension ExportTests {
    /// Runs `check.py` with the pinned consumers on `file`, against `sources` only.
    func consumersCheckSources(_ format: String, _ file: String, sources: [String]) throws -> (
        status: Int32, output: String
    ) {
        let python = try Self.run(["\(Self.repository.path)/Tools/Scripts/consumers/venv.sh"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return try Self.run(
            [python, "\(Self.repository.path)/Tools/Scripts/consumers/check.py", format, file] + sources)
    }
}
