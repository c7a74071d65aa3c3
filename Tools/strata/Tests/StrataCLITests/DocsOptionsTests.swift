import Foundation
import StrataTestSupport
import Testing

/// docs/StrataLint.md's synopsis of each command names exactly the options its `--help` lists.
@Suite("docs/StrataLint.md's commands and their --help")
struct DocsOptionsTests {
    let strata = BinaryRunner(product: "strata")

    /// The options named in `text`, such as `--write-baseline`.
    static func options(in text: some StringProtocol) -> Set<String> {
        var found = Set<String>()
        var rest = Substring(text)
        while let range = rest.range(of: "--") {
            let name = rest[range.upperBound...].prefix { $0.isLowercase || $0 == "-" }
            if let first = name.first, first.isLowercase { found.insert("--" + name) }
            rest = rest[range.upperBound...]
        }
        return found
    }

    /// The synopsis lines of `command` in the "Commands" block: its line and the indented ones after it.
    static func synopsis(of command: String, in document: String) -> String {
        let block =
            document.components(separatedBy: "## Commands\n\n```\n").dropFirst().first?
            .components(separatedBy: "\n```").first ?? ""
        var lines: [Substring] = []
        var inside = false
        for line in block.split(separator: "\n") {
            if line.hasPrefix("strata ") { inside = line.hasPrefix("strata \(command) ") }
            if inside { lines.append(line) }
        }
        return lines.joined(separator: "\n")
    }

    @Test("lint, graph and init: the synopsis and --help name the same options", arguments: ["lint", "graph", "init"])
    func sameOptions(command: String) throws {
        let document = try String(
            contentsOf: Monorepo.root.appendingPathComponent("docs/StrataLint.md"), encoding: .utf8)
        let help = try strata.run([command, "--help"])
        #expect(help.status == 0)
        let offered = Self.options(in: help.stdout).subtracting(["--help", "--version"])
        let documented = Self.options(in: Self.synopsis(of: command, in: document))
        #expect(!offered.isEmpty && !documented.isEmpty)
        #expect(offered.subtracting(documented).isEmpty, "missing from the docs: \(offered.subtracting(documented))")
        #expect(
            documented.subtracting(offered).isEmpty, "not an option of \(command): \(documented.subtracting(offered))")
    }
}
