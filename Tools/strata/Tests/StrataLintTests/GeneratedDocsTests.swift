import Foundation
import StrataTestSupport
import Testing

@testable import StrataLint

/// The docs' generated blocks are what the checker reads today: regenerate them with
/// `strata graph --write-docs docs/ARCHITECTURE.md` and `--write-docs docs/StrataLint.md`.
@Suite("The docs' layer rules and rule reference")
struct GeneratedDocsTests {
    func document(_ path: String) throws -> String {
        try String(contentsOf: Monorepo.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("docs/ARCHITECTURE.md's layer table is strata.yml's layers")
    func layerTable() throws {
        let text = try String(contentsOf: Monorepo.root.appendingPathComponent("strata.yml"), encoding: .utf8)
        let rules = try RulesParser.parse(text, file: "strata.yml")
        let block = try #require(
            DocumentBlocks.content(of: DocumentBlocks.layers, in: try document("docs/ARCHITECTURE.md")))
        #expect(
            block == RulesReference.layerTable(rules), "regenerate with strata graph --write-docs docs/ARCHITECTURE.md")
        // Every layer and every name its may_use lists shows up, so a rule cannot leave the prose.
        for layer in rules.layers {
            #expect(block.contains("| \(layer.name)"), "\(layer.name) is missing")
            for entry in layer.mayUse { #expect(block.contains(entry.name), "\(layer.name) may_use \(entry.name)") }
        }
    }

    @Test("docs/StrataLint.md's rule table is BuiltInRule's ids, severities, places and summaries")
    func ruleTable() throws {
        let block = try #require(
            DocumentBlocks.content(of: DocumentBlocks.rules, in: try document("docs/StrataLint.md")))
        #expect(
            block == RulesReference.builtInRuleTable(), "regenerate with strata graph --write-docs docs/StrataLint.md")
        for rule in BuiltInRule.allCases { #expect(block.contains("| `\(rule.id)` |")) }
    }

    @Test("a block is replaced between its markers and nowhere else")
    func replacing() throws {
        let document = "a\n<!-- strata:rules:begin -->\nold\n<!-- strata:rules:end -->\nb\n"
        let replaced = try #require(DocumentBlocks.replacing(DocumentBlocks.rules, in: document, with: "new\n"))
        #expect(replaced == "a\n<!-- strata:rules:begin -->\nnew\n<!-- strata:rules:end -->\nb\n")
        #expect(DocumentBlocks.content(of: DocumentBlocks.rules, in: replaced) == "new\n")
        #expect(DocumentBlocks.replacing(DocumentBlocks.layers, in: document, with: "x") == nil)
    }
}
