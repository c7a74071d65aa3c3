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
        #expect(try QueryParser().parse("unknown:x").apiText == "all:unknown:x")
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
