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
            watch.expression?.anyPositiveTerm
                == .or(.or(.phrase(.ti, "graph neural"), .phrase(.au, "maestro")), .phrase(.cat, "cs.LG")))
        #expect(try Watch(name: "w", query: "cat:hep-th", categories: []).listedCategories == ["hep-th"])
    }

    @Test(
        "a meaning watch keeps its description and threshold, refuses a blank one or a cosine outside 0 to 1, and matches no words"
    )
    func meaning() throws {
        let watch = try Watch(name: "gnn", meaning: "graph neural networks (GNNs)", threshold: 0.4, categories: ["cs"])
        #expect(watch.isMeaning && watch.expression == nil && watch.searchExpression == nil)
        #expect(watch.listedCategories == ["cs"])
        let paper = Self.paper(title: "graph neural networks (GNNs)")
        #expect(!watch.matches(PaperText(paper)) && watch.isInCategories(paper))
        #expect(!watch.isInCategories(Self.paper(title: "x", categories: ["hep-th"])))
        #expect(throws: PapersError.emptySearch) { try Watch(name: "w", meaning: " \n", threshold: 0.5) }
        for threshold in [0, -0.5, 1.01, .nan] {
            #expect(throws: PapersError.self) { try Watch(name: "w", meaning: "graphs", threshold: threshold) }
        }
        #expect(try Watch(name: "w", meaning: "graphs", threshold: 1).threshold == 1)
        let decoded = try JSONDecoder().decode(Watch.self, from: JSONEncoder().encode(watch))
        #expect(decoded == watch && decoded.isMeaning)
        let words = try Watch(name: "w", query: "graph")
        #expect(try JSONDecoder().decode(Watch.self, from: JSONEncoder().encode(words)).threshold == nil)
    }
}
