import ArgumentParser
import Foundation
import StrataLint
import StrataScaffold

/// `strata graph`: draws the module graph, grouped by feature, coloured by layer, violations marked.
struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw the package's module graph: grouped by feature, coloured by layer, violating edges marked.",
        discussion: "Example: strata graph --format dot --feature Papers | dot -Tsvg > papers.svg")

    @OptionGroup var package: PackageOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Output format: \(GraphFormat.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "format"))
    var format: GraphFormat = .mermaid

    @Option(name: .long, help: ArgumentHelp("Draw only this feature and the modules it uses.", valueName: "name"))
    var feature: String?

    @Flag(name: .long, help: "Include test targets.")
    var tests = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Regenerate this Markdown file's blocks: the Mermaid diagram between <!-- strata:graph:begin --> and <!-- strata:graph:end -->, the layer rules (strata:layers) and the rule reference (strata:rules).",
            valueName: "file"))
    var writeDocs: String?

    func run() throws {
        let result = try package.lint()
        if let feature, !result.features.contains(feature) {
            Console.error(
                "strata: error: no feature named \(feature); features: \(result.features.joined(separator: ", "))")
            throw ExitCode(StrataError.Kind.usage.exitCode)
        }
        let graph = ModuleGraph(result, includeTests: tests, feature: feature)
        guard let writeDocs else {
            Console.out(try GraphRenderer.render(graph, format: format))
            return
        }
        let document = (try? String(contentsOfFile: writeDocs, encoding: .utf8)) ?? ""
        // Every block the document has is regenerated: the diagram, the layer rules, the rule reference.
        let blocks = [
            (DocumentBlocks.graph, "```mermaid\n" + (try GraphRenderer.render(graph, format: .mermaid)) + "```\n"),
            (DocumentBlocks.layers, RulesReference.layerTable(result.rules)),
            (DocumentBlocks.rules, RulesReference.builtInRuleTable()),
        ]
        var updated = document
        var written: [String] = []
        for (name, content) in blocks {
            guard let replaced = DocumentBlocks.replacing(name, in: updated, with: content) else { continue }
            updated = replaced
            written.append(name)
        }
        guard !written.isEmpty else {
            Console.error(
                "strata: error: \(writeDocs) has no <!-- strata:graph:begin --> ... <!-- strata:graph:end --> markers (nor strata:layers or strata:rules ones); add them where the diagram goes"
            )
            throw ExitCode(2)
        }
        do {
            try ConfigFileWriter.writeUserFile(Data(updated.utf8), to: writeDocs)
        } catch let error as StrataError {
            Console.error("strata: error: \(error.message)")
            throw ExitCode(error.exitCode)
        }
        if !package.quiet { Console.error("strata: updated \(written.joined(separator: ", ")) in \(writeDocs)") }
    }
}
