import Foundation
import StrataTestSupport
import Testing

/// End-to-end: the built `strata` binary on the fixture packages and on this repository.
@Suite("strata, end to end")
struct StrataCLITests {
    let strata = BinaryRunner(product: "strata")
    static let repository = Monorepo.root
    static let fixtures = Monorepo.toolPackage.appendingPathComponent("Tests/StrataLintTests/Fixtures")

    func fixture(_ name: String) -> [String] {
        let url = Self.fixtures.appendingPathComponent(name)
        return ["--path", url.path, "--package-json", url.appendingPathComponent("package.json").path]
    }

    @Test("lint on this repository exits 0 with no error")
    func repositoryIsClean() throws {
        let run = try strata.run(["lint", "--path", Self.repository.path], timeout: 120)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(!run.stdout.contains(": error: "))
        // Known violations (the baseline strata.yml names) do not count.
        #expect(run.stderr.contains(" 0 error(s)"), "\(run.stderr)")
    }

    @Test("Package.swift is evaluated by SwiftPM, then read from the cache, with the same findings")
    func manifestThroughSwiftPM() throws {
        let directory = try TemporaryDirectory()
        let copy = directory.path("layers")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("layers"), to: copy)
        // The fixture may hold caches an in-place lint of another test left: not the copy's.
        try? FileManager.default.removeItem(at: copy.appendingPathComponent(".build"))
        let evaluated = try strata.run(["lint", "--path", copy.path], timeout: 120)
        let cached = try strata.run(["lint", "--path", copy.path], timeout: 120)
        #expect(evaluated.stderr.contains("(evaluated)"), "\(evaluated.stderr)")
        #expect(cached.stderr.contains("(cached)"), "\(cached.stderr)")
        #expect(evaluated.status == 1 && evaluated.stdout.contains(": error: "))
        #expect(evaluated.status == cached.status && evaluated.stdout == cached.stdout)
        let retired = try strata.run(["lint", "--path", copy.path, "--evaluate-manifest"])
        #expect(retired.status == 64, "\(retired.stderr)")
    }

    @Test("lint and graph run from a folder inside the package check the whole package")
    func fromASubfolder() throws {
        let inside = Self.repository.appendingPathComponent("Modules/Core")
        let run = try strata.run(["lint"], in: inside, timeout: 120)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(" 4 features, "))
        let graph = try strata.run(["graph", "--format", "json"], in: inside, timeout: 120)
        #expect(graph.status == 0 && graph.stdout.contains("CoffeeEntity"))
    }

    @Test("lint prints compiler-style findings and exits 1 on violations")
    func violations() throws {
        let run = try strata.run(["lint", "--quiet"] + fixture("layers"))
        #expect(run.status == 1)
        #expect(
            run.stdout.split(separator: "\n").contains(
                "Sources/ShopUseCase/ListItems.swift:4:8: error: ShopUseCase imports Core but does not declare it; add \"Core\" to the target's dependencies in Package.swift [implicit-dependency]"
            ))
        #expect(run.stderr.isEmpty)
    }

    @Test("a baseline written by --write-baseline makes the next run pass; new violations still fail")
    func baselineRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let baseline = directory.path("baseline.json").path
        let write = try strata.run(["lint", "--write-baseline", baseline] + fixture("layers"))
        #expect(write.status == 0)
        #expect(write.stderr.contains("wrote 3 known violation(s)"))
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(
            text.contains("\"file\" : \"Sources/ShopUseCase/ListItems.swift\"") && !text.contains(Self.fixtures.path))
        let known = try strata.run(["lint", "--quiet", "--baseline", baseline] + fixture("layers"))
        #expect(known.status == 0, Comment(rawValue: known.stdout))
        #expect(known.stdout.contains("note: known violation:"))
        let other = try strata.run(["lint", "--quiet", "--baseline", baseline] + fixture("cycle"))
        #expect(other.status == 1)
        #expect(
            other.stdout.contains("stale baseline entry layer-dependency|ShopPresenter|ShopRepository|Package.swift"))
    }

    @Test("every format is accepted; sarif and json parse")
    func formats() throws {
        for format in ["text", "json", "github", "sarif"] {
            let run = try strata.run(["lint", "--quiet", "--format", format] + fixture("cycle"))
            #expect(run.status == 1)
            if format == "json" || format == "sarif" {
                #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) }
            }
            if format == "github" {
                // At the first target of the cycle, where the manifest declares it.
                #expect(
                    run.stdout.hasPrefix("::error file=Package.swift,line=7,col=47,title=strata dependency-cycle::"),
                    "\(run.stdout)")
            }
        }
    }

    @Test("a bad rules file exits 2 with the line that is wrong; a bad option is usage, 64, as in the apps")
    func configurationErrors() throws {
        let bad = Self.fixtures.appendingPathComponent("badrules/unknown-key.yml").path
        let run = try strata.run(["lint", "--config", bad] + fixture("badrules"))
        #expect(run.status == 2)
        // The rules file is named relative to the package root, like every other path strata prints.
        #expect(run.stderr.hasPrefix("unknown-key.yml:5:5: error: unknown key 'may_uses'"))
        let usage = try strata.run(["lint", "--format", "xml"])
        #expect(usage.status == 64)
        #expect(try strata.run(["lint", "--bogus"]).status == 64)
        #expect(usage.stderr.contains("xml"))
    }

    @Test("graph draws mermaid, dot and json; --feature narrows it; an unknown feature is usage, 64")
    func graph() throws {
        let mermaid = try strata.run(["graph", "--quiet"] + fixture("features"))
        #expect(mermaid.status == 0)
        #expect(mermaid.stdout.hasPrefix("flowchart BT\n"))
        let dot = try strata.run(["graph", "--format", "dot", "--feature", "Cart"] + fixture("features"))
        #expect(
            dot.stdout.hasPrefix("digraph strata {") && dot.stdout.contains("CartUseCase")
                && !dot.stdout.contains("\"ShopUseCase\""))
        let json = try strata.run(["graph", "--format", "json"] + fixture("features"))
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) }
        let unknown = try strata.run(["graph", "--feature", "Nope"] + fixture("features"))
        #expect(unknown.status == 64 && unknown.stderr.contains("no feature named Nope"))
    }

    @Test("graph --write-docs replaces the diagram between the markers")
    func writeDocs() throws {
        let directory = try TemporaryDirectory()
        let page = directory.path("ARCHITECTURE.md")
        try "# A\n<!-- strata:graph:begin -->\nold\n<!-- strata:graph:end -->\n".write(
            to: page, atomically: true, encoding: .utf8)
        let run = try strata.run(["graph", "--write-docs", page.path] + fixture("clean"))
        #expect(run.status == 0)
        let text = try String(contentsOf: page, encoding: .utf8)
        #expect(
            text.hasPrefix("# A\n<!-- strata:graph:begin -->\n```mermaid\nflowchart BT\n")
                && text.hasSuffix("```\n<!-- strata:graph:end -->\n"))
    }

    @Test("the docs' diagram is the current graph (regenerate with `strata graph --write-docs docs/ARCHITECTURE.md`)")
    func docsAreCurrent() throws {
        let run = try strata.run(["graph", "--path", Self.repository.path], timeout: 120)
        let page = try String(
            contentsOf: Self.repository.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        #expect(page.contains("```mermaid\n" + run.stdout + "```\n<!-- strata:graph:end -->"))
    }
}
