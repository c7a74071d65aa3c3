import Foundation
import PapersEntity
import Testing

@Suite("Watches: queries parsed with their column, matched as the index reads words")
struct WatchTests {
    static func paper(
        title: String, summary: String = "An abstract.", authors: [String] = ["Ada Lovelace"],
        categories: [String] = ["cs.LG"]
    ) -> Paper {
        Paper(
            id: "2401.00001", version: 1, title: title, summary: summary, authors: authors.map { Author(name: $0) },
            published: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 0),
            primaryCategory: categories[0], categories: categories)
    }

    @Test(
        "a query that does not parse names its column",
        arguments: [
            ("au:maestro AND (helium", 16, PapersError.unclosedParenthesis),
            ("quantum OR", 11, .searchEndsWithOperator),
            ("ti:\"open quote", 4, .unclosedQuote),
            ("a ) b", 3, .unexpectedToken(")")),
            ("OR quantum", 1, .operatorWithoutOperand("OR")),
            ("ti: quantum", 1, .fieldWithoutWord("ti")),
        ])
    func column(_ text: String, _ column: Int, _ reason: PapersError) {
        #expect(throws: PapersError.badQuery(text, column: column, reason: reason)) {
            try Watch(name: "w", query: text)
        }
    }

    @Test("words, phrases, fields, prefixes, categories and operators match as a library search would")
    func matching() throws {
        let text = PaperText(
            Self.paper(
                title: "Graph-Based Neural Networks for Zürich's Trams", summary: "We study message passing.",
                authors: ["Adrian Del Maestro"], categories: ["cs.LG", "stat.ML"]))
        func matches(_ query: String, categories: [String] = []) throws -> Bool {
            try Watch(name: "w", query: query, categories: categories).matches(text)
        }
        #expect(try matches("ti:zurich"))
        #expect(try matches("graph based"))
        #expect(try matches("ti:\"neural networks\""))
        #expect(try !matches("ti:\"networks neural\""))
        #expect(try matches("abs:\"message passing\""))
        #expect(try !matches("ti:message"))
        #expect(try matches("au:maestro AND neur*"))
        #expect(try matches("cat:stat.ML"))
        #expect(try matches("cat:cs"))
        #expect(try !matches("cat:c"))
        #expect(try matches("trams ANDNOT cat:hep-th"))
        #expect(try !matches("trams ANDNOT cat:stat"))
        #expect(try matches("buses OR trams"))
        #expect(try matches("trams", categories: ["stat"]))
        #expect(try !matches("trams", categories: ["hep-th"]))
    }

    @Test("a watch is ranked by its terms outside ANDNOT, any of them")
    func rankingTerms() throws {
        let watch = try Watch(name: "w", query: "ti:\"graph neural\" OR au:maestro ANDNOT quantum AND cat:cs.LG")
        #expect(
            watch.expression.anyPositiveTerm
                == .or(.or(.phrase(.ti, "graph neural"), .phrase(.au, "maestro")), .phrase(.cat, "cs.LG")))
        #expect(try Watch(name: "w", query: "cat:hep-th", categories: []).listedCategories == ["hep-th"])
    }
}
