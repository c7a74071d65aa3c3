import Foundation
import TestSupport
import Testing

/// Help shows an option only where it does something.
@Suite("papers help lists the options that apply")
struct HelpTests {
    static let libraryOnly: [[String]] = [
        ["import"], ["library", "search"], ["library", "stats"], ["favorites"], ["unfav"],
    ]
    static let network: [[String]] = [["search"], ["latest"], ["show"], ["fav"], ["bibtex"]]

    @Test("commands that never ask arXiv do not list --offline or --api-url; the others do")
    func libraryOnlyHelp() throws {
        let papers = BinaryRunner(product: "papers")
        for command in Self.libraryOnly {
            let help = try papers.run(command + ["--help"]).stdout
            #expect(!help.contains("--offline") && !help.contains("--api-url"), "\(command)")
            #expect(help.contains("--db"), "\(command)")
        }
        for command in Self.network {
            let help = try papers.run(command + ["--help"]).stdout
            #expect(help.contains("--offline") && help.contains("--api-url"), "\(command)")
        }
    }
}
