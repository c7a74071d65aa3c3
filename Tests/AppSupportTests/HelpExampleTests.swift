import Foundation
import TestSupport
import Testing

/// A first-time user reads `--help`: every subcommand shows how it is typed.
@Suite("every subcommand's help has an example")
struct HelpExampleTests {
    static let commands: [(app: String, subcommands: [[String]])] = [
        (
            "papers",
            [
                ["search"], ["latest"], ["show"], ["fav"], ["unfav"], ["favorites"], ["library"],
                ["library", "search"],
                ["library", "stats"], ["import"], ["bibtex"],
            ]
        ),
        (
            "coffee",
            [["menu"], ["order"], ["list"], ["report"], ["show"], ["advance"], ["cancel"], ["delete"], ["serve"]]
        ),
        ("memorize", [["play"], ["themes"], ["scores"]]),
        ("color-events", [["run"], ["send"], ["events"], ["journal"], ["replay"]]),
        ("strata", [["new"], ["remove"], ["templates"], ["lint"], ["graph"]]),
    ]

    @Test("--help of each subcommand shows an example of it", arguments: 0..<5)
    func examples(index: Int) throws {
        let (app, subcommands) = Self.commands[index]
        let runner = BinaryRunner(product: app)
        for subcommand in subcommands {
            let help = try runner.run(subcommand + ["--help"]).stdout
            #expect(help.contains("Example"), "\(app) \(subcommand.joined(separator: " "))")
            #expect(help.contains("\(app) \(subcommand.joined(separator: " "))"), "\(app) \(subcommand)")
        }
    }
}
