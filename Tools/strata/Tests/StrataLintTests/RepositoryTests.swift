import Foundation
import Testing

@testable import StrataLint

@Suite("Real SwiftPM and this repository")
struct RepositoryTests {
    @Test("the graph from a real `swift package dump-package` equals the saved one")
    func realDumpPackage() throws {
        let fixture = Fixture(name: "cycle")
        let live = try GraphLoader.load(packageDirectory: fixture.url, reading: .init(cache: false))
        let saved = try GraphLoader.load(
            packageDirectory: fixture.url, dumpFile: fixture.url.appendingPathComponent("package.json"))
        #expect(live.graph == saved.graph)
        #expect(live.manifestSeconds > 0 && saved.manifestSeconds == 0)
        #expect(live.graph.target(named: "Alpha")?.path == "Sources/Alpha")
    }

    @Test("this repository follows its own strata.yml: no error")
    func repositoryIsClean() throws {
        let result = try Linter.run(LintOptions(packageDirectory: Fixture.repository))
        #expect(result.newErrors.map(\.compact) == [])
        #expect(result.exitCode == 0)
        #expect(result.layer(of: "Core") == "core" && result.layer(of: "CoreTests") == "tests")
        // The tool is a package of its own: nothing of it is a target here.
        #expect(result.graph.target(named: "StrataLint") == nil)
    }

    @Test("a folder without Package.swift is a configuration error")
    func noManifest() throws {
        #expect(throws: ConfigError.self) { try GraphLoader.dumpPackage(at: Fixture.root) }
    }
}
