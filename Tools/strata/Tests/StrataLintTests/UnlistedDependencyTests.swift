import Foundation
import Testing

@testable import StrataLint

/// Deny by default: a layer's `may_use` is the whole list of what its targets may use, besides the toolchain.
@Suite("Unlisted products and modules")
struct UnlistedDependencyTests {
    let fixture = Fixture(name: "unlisted")

    @Test(
        "version 2: a product another layer lists, a module no layer lists and a toolchain module the layer leaves out fail at their lines"
    )
    func versionTwo() throws {
        let result = try fixture.lint()
        #expect(
            result.compact == [
                "Package.swift:0:0 layer-dependency Model->Hummingbird",
                "Sources/Model/Model.swift:4:8 layer-import Model->Hummingbird",
                "Sources/Model/Model.swift:5:8 unlisted-dependency Model->NIOCore",
                "Sources/Pure/Pure.swift:2:8 layer-import Pure->FoundationNetworking",
            ])
        #expect(result.exitCode == 1)
        let unlisted = try #require(result.findings.first { $0.rule == "unlisted-dependency" })
        // The layer, the module and the one-line fix in strata.yml.
        #expect(
            unlisted.message
                == "Model (model) imports NIOCore, which no layer of strata.yml lists; if layer 'model' may use it, add it to the layer's may_use: `may_use: [core, Crypto, NIOCore]`"
        )
        let layered = try #require(result.findings.first { $0.rule == "layer-import" && $0.target == "Model" })
        #expect(layered.message.hasSuffix("if it may, add Hummingbird to the may_use of layer 'model' in strata.yml"))
        let toolchain = try #require(result.findings.first { $0.target == "Pure" })
        #expect(toolchain.message.contains("a toolchain module layer 'pure' does not list in its `toolchain:`"))
    }

    @Test("version 1: what no layer lists is a warning saying how to opt in, and the run passes")
    func versionOne() throws {
        let result = try fixture.lint(rules: "version-1.yml")
        #expect(
            result.compact == [
                "Package.swift:0:0 unlisted-dependency Model->Hummingbird (warning)",
                "Package.swift:0:0 unlisted-dependency Web->Hummingbird (warning)",
                "Sources/Model/Model.swift:4:8 unlisted-dependency Model->Hummingbird (warning)",
                "Sources/Model/Model.swift:5:8 unlisted-dependency Model->NIOCore (warning)",
                "Sources/Web/Web.swift:1:8 unlisted-dependency Web->Hummingbird (warning)",
            ])
        #expect(result.exitCode == 0)
        #expect(result.findings.allSatisfy { $0.message.contains("`strata init --upgrade-rules`") })
    }

    @Test("version 1: an unlisted product that is also undeclared still gets its implicit-dependency error")
    func warningHidesNoError() throws {
        let rules = try RulesParser.parse(
            "version: 1\nlayers:\n  - name: all\n    targets: [\"*\"]\n", file: "strata.yml")
        let graph = PackageGraph(
            name: "P",
            targets: [
                .init(kind: "regular", name: "Model", path: "Sources/Model"),
                .init(
                    kind: "regular", name: "Web", path: "Sources/Web",
                    dependencies: [.init(name: "Hummingbird", package: "hummingbird", isProduct: true)]),
            ])
        let facts = SwiftFileReader().read("import Hummingbird\n")
        let files = ["Model": [ScannedFile(path: "Sources/Model/Model.swift", facts: facts)]]
        let result = try Linter.check(
            rules: rules, graph: graph, root: fixture.url, baseline: nil, files: files)
        #expect(
            result.findings.map(\.rule).sorted() == [
                "implicit-dependency", "unlisted-dependency", "unlisted-dependency",
            ])
    }

    @Test("the targets of a layer may use one another without naming the layer")
    func sameLayer() throws {
        let result = try Fixture(name: "cycle").lint()
        #expect(!result.findings.contains { $0.rule == "layer-dependency" || $0.rule == "layer-import" })
    }

    @Test(
        "upgrading a version-1 file lists exactly its warnings, in the layers that use them, keeping every other line")
    func upgrade() throws {
        let proposal = try RulesUpgrade.propose(fixture.options(rules: "version-1.yml"))
        #expect(!proposal.wasCurrent)
        #expect(proposal.added.map(\.layer) == ["model", "web"])
        #expect(proposal.added.map(\.names) == [["Hummingbird", "NIOCore"], ["Hummingbird"]])
        #expect(
            proposal.upgraded
                == proposal.original
                .replacingOccurrences(of: "version: 1", with: "version: 2")
                .replacingOccurrences(of: "[core, Crypto]", with: "[core, Crypto, Hummingbird, NIOCore]")
                .replacingOccurrences(of: "may_use: [model]", with: "may_use: [model, Hummingbird]"))
        let upgraded = try RulesParser.parse(proposal.upgraded, file: "strata.yml")
        #expect(upgraded.version == 2)
    }

    @Test("the upgrade edits block lists, lone names and missing may_use keys, and keeps comments")
    func upgradeShapes() throws {
        let text = """
            # Comment kept.
            layers:
              - name: a
                targets: [A]
                may_use:
                  - core   # why
              - name: b
                targets: [B]
                may_use: core
              - name: c
                targets: [C]
              - name: d
                targets: [D]
                may_use: []
            """
        let upgraded = try YAMLListEditor(text: text, file: "strata.yml").upgraded(adding: [
            ("a", ["X"]), ("b", ["Yak", "yes"]), ("c", ["Z"]), ("d", ["W"]),
        ])
        #expect(
            upgraded == """
                # Comment kept.
                version: 2
                layers:
                  - name: a
                    targets: [A]
                    may_use:
                      - core   # why
                      - X
                  - name: b
                    targets: [B]
                    may_use: [core, Yak, "yes"]
                  - name: c
                    may_use: [Z]
                    targets: [C]
                  - name: d
                    targets: [D]
                    may_use: [W]
                """)
        let rules = try RulesParser.parse(upgraded, file: "strata.yml")
        #expect(rules.layers.map { $0.mayUse.map(\.name) } == [["core", "X"], ["core", "Yak", "yes"], ["Z"], ["W"]])
    }

    @Test("a file at version 2 is left as it is")
    func upgradeCurrent() throws {
        let proposal = try RulesUpgrade.propose(fixture.options())
        #expect(proposal.wasCurrent && proposal.upgraded == proposal.original && proposal.added.isEmpty)
    }
}
