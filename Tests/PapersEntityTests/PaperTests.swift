import Foundation
import PapersEntity
import Testing

func samplePaper(
    id: String = "2401.12345", version: Int = 1, published: Date = Date(timeIntervalSince1970: 1_700_000_000)
) -> Paper {
    Paper(
        id: id, version: version, title: "  A {Luttinger}\n   Liquid  Core ", summary: "line one\n  line two\t\tend ",
        authors: [Author(name: "Aurora Ramírez", affiliations: ["U. Córdoba"]), Author(name: "Mario Berrios")],
        published: published, updated: published.addingTimeInterval(86_400), primaryCategory: "cs.SE",
        categories: ["cs.SE", "cs.AI"],
        journalRef: nil, doi: "10.1/x")
}

@Suite("Paper")
struct PaperTests {
    @Test("title and summary have their whitespace collapsed; unicode survives")
    func collapses() {
        let paper = samplePaper()
        #expect(paper.title == "A {Luttinger} Liquid Core")
        #expect(paper.summary == "line one line two end")
        #expect(Paper.collapsingWhitespace("é  ü\n日本") == "é ü 日本")
        #expect(Paper.collapsingWhitespace("") == "")
        #expect(Paper.collapsingWhitespace(" \n ") == "")
    }

    @Test("derived links when the feed has none, and the short id")
    func derived() {
        let paper = samplePaper(version: 3)
        #expect(paper.shortID == "2401.12345v3")
        #expect(paper.abstractURL == "https://arxiv.org/abs/2401.12345v3")
        #expect(paper.pdfURL == "https://arxiv.org/pdf/2401.12345v3")
        #expect(paper.authorSummary == "Aurora Ramírez et al.")
    }

    @Test("recent means published less than seven days before now")
    func recent() {
        let published = Date(timeIntervalSince1970: 1_700_000_000)
        let paper = samplePaper(published: published)
        #expect(paper.isRecentlyPublished(now: published.addingTimeInterval(6 * 86_400)))
        #expect(!paper.isRecentlyPublished(now: published.addingTimeInterval(7 * 86_400)))
        #expect(!paper.isRecentlyPublished(now: published.addingTimeInterval(30 * 86_400)))
    }

    @Test("a higher version, or the same one updated later, supersedes")
    func supersedes() {
        let v1 = samplePaper(version: 1)
        let v2 = samplePaper(version: 2)
        #expect(v2.supersedes(v1))
        #expect(!v1.supersedes(v2))
        var later = v1
        later.updated = v1.updated.addingTimeInterval(10)
        #expect(later.supersedes(v1))
    }

    @Test("BibTeX has the arXiv fields, an ASCII key and balanced braces")
    func bibtex() {
        let entry = samplePaper().bibTeX
        #expect(entry.hasPrefix("@misc{ramirez2023luttinger,"))
        #expect(entry.contains("author = {Aurora Ramírez and Mario Berrios}"))
        #expect(entry.contains("eprint = {2401.12345}"))
        #expect(entry.contains("archivePrefix = {arXiv}"))
        #expect(entry.contains("primaryClass = {cs.SE}"))
        #expect(entry.contains("doi = {10.1/x}"))
        #expect(entry.contains("title = {{A {Luttinger} Liquid Core}}"))
        var preprint = samplePaper()
        preprint.doi = nil
        #expect(preprint.bibTeX.contains("doi = {10.48550/arXiv.2401.12345}"))
        #expect(!preprint.bibTeX.contains("10.1/x"))
        var odd = samplePaper()
        odd.title = "Broken } title"
        #expect(odd.bibTeX.contains("title = {{Broken \\textbraceright{} title}}"))
    }

    /// Braces as BibTeX counts them (escaped or not): never below zero, zero at the end.
    static func balancesForBibTeX(_ text: String) -> Bool {
        var depth = 0
        for character in text {
            if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
            if depth < 0 { return false }
        }
        return depth == 0
    }

    @Test(
        "every BibTeX field balances its braces as BibTeX counts them, and no field text becomes a field",
        arguments: [
            "x}, note = {INJECTED", "{ lone open", "} lone close", #"\{ escaped open"#, #"\} escaped close"#,
            #"$x^{2$ math"#, #"$a}$"#, "}{", "{}}{{}", #"\"#, #"@misc{a, b = {c}"#, "% # & ~ ^ _ $",
        ])
    func bracesBalance(text: String) {
        var paper = samplePaper()
        paper.title = text
        paper.journalRef = text
        paper.doi = text
        paper.primaryCategory = text
        paper.authors = [Author(name: text), Author(name: "Ada and Lovelace, Jr")]
        let entry = paper.bibTeX
        #expect(Self.balancesForBibTeX(entry), "\(entry)")
        let fields = entry.split(separator: "\n").dropFirst().dropLast().map { $0.split(separator: " = ").first ?? "" }
        #expect(
            fields == [
                "  title", "  author", "  year", "  eprint", "  archivePrefix", "  primaryClass", "  doi", "  note",
                "  url",
            ])
        for line in entry.split(separator: "\n").dropFirst().dropLast() {
            let value = line.split(separator: " = ", maxSplits: 1).last ?? ""
            #expect(Self.balancesForBibTeX(String(value.hasSuffix(",") ? value.dropLast() : value)), "\(line)")
        }
        #expect(entry.contains("doi = {x%7D,%20note%20=%20%7BINJECTED}") || text != "x}, note = {INJECTED")
    }

    /// Every character LaTeX treats specially, in a title as arXiv gives it, and the field's LaTeX.
    static let latexSpecials: [(text: String, latex: String)] = [
        ("Promises & Perils", #"Promises \& Perils"#),
        ("100% Recall", #"100\% Recall"#),
        ("C# Tools", ##"C\# Tools"##),
        ("snake_case Names", #"snake\_case Names"#),
        ("Costs $5 Less", #"Costs \$5 Less"#),
        (#"$1.5M, for $O(n^2)$ and $5$"#, #"\$1.5M, for $O(n^2)$ and $5$"#),
        (#"Sorting in $O(n^2_k)$ Time"#, #"Sorting in $O(n^2_k)$ Time"#),
        (#"$\alpha$ and $\beta$ & More"#, #"$\alpha$ and $\beta$ \& More"#),
        ("About ~100 GPUs", #"About \textasciitilde{}100 GPUs"#),
        ("x^2 Outside Math", #"x\textasciicircum{}2 Outside Math"#),
        (#"Schr\"odinger's {Cat}"#, #"Schr\"odinger's {Cat}"#),
        (#"Already \& Escaped"#, #"Already \& Escaped"#),
        (
            #"Paths like C:\2024 and a Trailing \"#,
            #"Paths like C:\textbackslash{}2024 and a Trailing \textbackslash{}"#
        ),
        ("Open { Brace", #"Open \textbraceleft{} Brace"#),
        ("Close } Brace", #"Close \textbraceright{} Brace"#),
        (#"Escaped \{ Alone"#, #"Escaped \textbraceleft{} Alone"#),
        (#"Escaped \{Pair\}"#, #"Escaped \{Pair\}"#),
        (#"Math $x^{2$ Open"#, #"Math $x^\lbrace{}2$ Open"#),
        ("A {Balanced} Group", "A {Balanced} Group"),
    ]

    @Test(
        "BibTeX escapes LaTeX's special characters outside math and brace-protects the title's capitals",
        arguments: latexSpecials)
    func latexEscaping(text: String, latex: String) {
        var paper = samplePaper()
        paper.title = text
        paper.journalRef = text
        #expect(paper.bibTeX.contains("title = {{\(latex)}},"), "\(paper.bibTeX)")
        #expect(paper.bibTeX.contains("note = {\(latex)},"), "\(paper.bibTeX)")
    }
}
