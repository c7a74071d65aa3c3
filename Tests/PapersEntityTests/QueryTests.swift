import Core
import PapersEntity
import Testing

@Suite("Queries")
struct QueryTests {
    @Test("plain words all match in the default field")
    func plainWords() throws {
        #expect(try QueryParser().parse("quantum error").apiText == "all:quantum AND all:error")
        #expect(try QueryParser(defaultField: .ti).parse("graph").apiText == "ti:graph")
    }

    @Test("the API's syntax: fields, phrases, OR, ANDNOT and parentheses")
    func apiSyntax() throws {
        let parsed = try QueryParser().parse("au:del_maestro ANDNOT (ti:checkerboard OR ti:\"phase  transition\")")
        #expect(
            parsed
                == .andNot(.term(.au, "del_maestro"), .or(.term(.ti, "checkerboard"), .phrase(.ti, "phase transition")))
        )
        #expect(parsed.apiText == "au:del_maestro ANDNOT (ti:checkerboard OR ti:\"phase transition\")")
        #expect(try QueryParser().parse("cat:cs.LG").apiText == "cat:cs.LG")
        #expect(try QueryParser().parse("http://x.org/a").apiText == "all:http://x.org/a")
        #expect(try QueryParser(strictFields: false).parse("unknown:x").apiText == "all:unknown:x")
    }

    @Test("an arXiv id or a DOI stands for its field; a word with no letter or digit is no word")
    func identifiers() throws {
        let parser = QueryParser()
        #expect(try parser.parse("1312.6177v2") == .term(.id, "1312.6177"))
        #expect(try parser.parse("arXiv:hep-th/9901001") == .term(.id, "hep-th/9901001"))
        #expect(try parser.parse("https://arxiv.org/abs/2401.12345") == .term(.id, "2401.12345"))
        #expect(try parser.parse("id:2401.12345v3 OR id:2401") == .or(.term(.id, "2401.12345"), .term(.id, "2401")))
        #expect(try parser.parse("10.1103/PhysRevB.85.081405") == .term(.doi, "10.1103/PhysRevB.85.081405"))
        #expect(try parser.parse("https://doi.org/10.1145/3377811.3380") == .term(.doi, "10.1145/3377811.3380"))
        #expect(try parser.parse("quantum & gravity") == .and(.term(.all, "quantum"), .term(.all, "gravity")))
        #expect(try parser.parse("10.5/x") == .term(.all, "10.5/x"))
    }

    @Test(
        "errors say the column they are at",
        arguments: [
            ("helium OR (testing", 11, PapersError.unclosedParenthesis), ("helium AND", 11, .searchEndsWithOperator),
            ("foo:bar helium", 1, .unknownField("foo")), ("helium OR OR x", 11, .operatorWithoutOperand("OR")),
            ("", 1, .emptySearch), ("a ) b", 3, .unexpectedToken(")")),
        ])
    func columns(text: String, column: Int, reason: PapersError) {
        #expect(throws: PapersError.badQuery(text, column: column, reason: reason)) {
            try QueryParser().parseLocating(text)
        }
    }

    @Test("arXiv's search is never sent a DOI")
    func doiIsLibraryOnly() {
        #expect(throws: PapersError.fieldNotOnArxiv("doi")) {
            try PaperQuery(expression: .or(.term(.all, "x"), .term(.doi, "10.1000/1")))
        }
    }

    @Test(
        "malformed searches are usage errors that say what is wrong",
        arguments: [
            ("", PapersError.emptySearch), ("   ", .emptySearch), ("a AND", .searchEndsWithOperator),
            ("(a OR b", .unclosedParenthesis),
            ("a)", .unexpectedToken(")")), ("\"open", .unclosedQuote), ("OR a", .operatorWithoutOperand("OR")),
            ("ti:", .fieldWithoutWord("ti")),
        ])
    func malformed(text: String, expected: PapersError) {
        #expect(throws: expected) { try QueryParser().parse(text) }
        #expect(expected.kind == .usage)
    }

    @Test("a query asks for something, within the API's limit of 30,000")
    func limits() throws {
        #expect(throws: PapersError.emptyQuery) { try PaperQuery(limit: 5) }
        #expect(throws: PapersError.limitOutOfRange(30_001, allowed: 1...30_000)) {
            try PaperQuery(expression: .term(.all, "x"), limit: 30_001)
        }
        #expect(throws: PapersError.limitOutOfRange(0, allowed: 1...30_000)) {
            try PaperQuery(expression: .term(.all, "x"), limit: 0)
        }
        let query = try PaperQuery(
            expression: .term(.all, "x"), ids: [ArxivID(base: "2401.12345", version: 2)], limit: 30_000)
        #expect(query.summary == "all:x id_list=2401.12345v2")
    }
}

@Suite("Snippets")
struct SnippetTests {
    static let abstract =
        "We study superfluid helium-4 in nanopores. Quantum Monte Carlo simulations of Helium at low temperature show a Luttinger liquid, with many more words after it to be cut off at the end of the snippet here."

    @Test("the words a search asks of the abstract are marked, the stretch around the first of them shown")
    func marksMatches() throws {
        let snippet = MarkedText.snippet(
            of: Self.abstract, matching: try QueryParser().parse("helium OR abs:lutt* ANDNOT zebra"), length: 13)
        #expect(snippet.runs.filter(\.isMatch).map(\.text) == ["helium", "Helium"])
        #expect(snippet.text == "We study superfluid helium-4 in nanopores. Quantum Monte Carlo simulations of Helium…")
        let later = MarkedText.snippet(of: Self.abstract, matching: try QueryParser().parse("lutt*"), length: 6)
        #expect(later.text == "…show a Luttinger liquid, with many…")
        #expect(later.runs.filter(\.isMatch).map(\.text) == ["Luttinger"])
    }

    @Test("words of other fields and of ANDNOT's right side mark nothing; the abstract's start is shown")
    func otherFields() throws {
        let snippet = MarkedText.snippet(
            of: Self.abstract, matching: try QueryParser().parse("ti:helium ANDNOT quantum"), length: 4)
        #expect(snippet.runs == [MarkedText.Run("We study superfluid helium…", isMatch: false)])
    }
}
