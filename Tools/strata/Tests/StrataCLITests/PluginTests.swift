import Foundation
import StrataTestSupport
import Testing

/// The source-built SwiftPM command plugin, from a package that depends on the tool's package by path.
///
/// The adopter has targets named like ours used to be (Core, Database, HTTPClient, AppSupport):
/// the tool's package names every target Strata…, so nothing clashes. One plugin build serves
/// every assertion: the adopter is rewritten each run, but its scratch folder is kept.
@Suite("SwiftPM command plugin", .tags(.scaffoldSmoke))
struct PluginTests {
    /// The adopter's layers, bottom up: each target uses the one before it.
    static let targets = ["Core", "Database", "HTTPClient", "AppSupport", "Lib"]

    /// Writes an adopter package at `folder` whose one dependency is `dependency`.
    static func writeAdopter(at folder: URL, dependency: String) throws {
        try? FileManager.default.removeItem(at: folder)
        let entries = zip(targets, [nil] + targets).map { name, below in
            ".target(name: \"\(name)\"\(below.map { ", dependencies: [\"\($0)\"]" } ?? ""))"
        }
        var files = [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Adopter",
                dependencies: [\(dependency)],
                targets: [
                    \(entries.joined(separator: ",\n        "))
                ]
            )

            """
        ]
        for (name, below) in zip(targets, [nil] + targets) {
            files["Sources/\(name)/\(name).swift"] =
                (below.map { "import \($0)\n\n" } ?? "") + "public struct \(name) {}\n"
        }
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// Plants `import Lib` in Core: a use against the layers' order.
    static func plantViolation(in folder: URL) throws {
        try "import Lib\n\npublic struct Core {}\n".write(
            to: folder.appendingPathComponent("Sources/Core/Core.swift"), atomically: true, encoding: .utf8)
    }

    @Test(
        "swift package strata init, lint, lint --fix and graph run in a package with targets Core, Database, HTTPClient, AppSupport",
        .enabled(if: ScaffoldSmokeTests.enabled, "STRATA_SKIP_SMOKE is set"))
    func plugin() throws {
        let work = Monorepo.root.appendingPathComponent(".build/strata-plugin")
        let adopter = work.appendingPathComponent("adopter")
        let scratch = work.appendingPathComponent("scratch")
        try Self.writeAdopter(at: adopter, dependency: ".package(path: \"\(Monorepo.toolPackage.path)\")")
        func swiftPackage(_ arguments: [String]) throws -> SmokeShell.Result {
            try SmokeShell.run(
                ["swift", "package", "--scratch-path", scratch.path] + arguments, in: adopter, timeout: 1_200)
        }

        let resolve = try swiftPackage(["resolve"])
        try #require(resolve.status == 0, "\(resolve.tail)")
        let checkouts =
            (try? FileManager.default.contentsOfDirectory(atPath: scratch.appendingPathComponent("checkouts").path))
            ?? []
        print("plugin by path: swift package resolve cloned \(checkouts.count) packages: \(checkouts.sorted())")
        // The tool's own dependencies (argument parser, Yams, Stencil and its PathKit and Spectre,
        // swift-syntax), none of the monorepo's.
        #expect(checkouts.count <= 6, "\(checkouts.sorted())")

        let initRun = try swiftPackage(["--allow-writing-to-package-directory", "strata", "init"])
        try #require(initRun.status == 0, "\(initRun.tail)")
        #expect(initRun.output.contains("created strata.yml"))

        let lint = try swiftPackage(["strata", "lint"])
        #expect(lint.status == 0, "\(lint.tail)")
        #expect(lint.output.contains("5 targets, 0 features, 5 files") && lint.output.contains(" 0 error(s)"))

        let graph = try swiftPackage(["strata", "graph"])
        #expect(graph.status == 0 && graph.output.contains("Lib --> AppSupport"), "\(graph.tail)")

        // Lib imports AppSupport without declaring it: the command plugin's --fix declares it.
        let manifest = adopter.appendingPathComponent("Package.swift")
        let declared = try String(contentsOf: manifest, encoding: .utf8)
        let undeclared = declared.replacingOccurrences(
            of: #".target(name: "Lib", dependencies: ["AppSupport"])"#, with: #".target(name: "Lib")"#)
        try #require(undeclared != declared)
        try undeclared.write(to: manifest, atomically: true, encoding: .utf8)
        let fix = try swiftPackage(["--allow-writing-to-package-directory", "strata", "lint", "--fix"])
        #expect(
            fix.status == 0 && fix.output.contains(#"fixed implicit-dependency: Lib now declares "AppSupport""#),
            "\(fix.tail)")
        #expect(try String(contentsOf: manifest, encoding: .utf8) == declared)

        try Self.plantViolation(in: adopter)
        let broken = try swiftPackage(["strata", "lint"])
        #expect(broken.status != 0)
        #expect(broken.output.contains("Sources/Core/Core.swift:1:8: error: Core ("), "\(broken.tail)")
    }
}
