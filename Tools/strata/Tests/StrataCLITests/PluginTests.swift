import Foundation
import StrataTestSupport
import Testing

/// The source-built SwiftPM command plugin, from a package that depends on the tool's package by path.
///
/// The adopter has targets named like ours used to be (Core, Database, HTTPClient, AppSupport):
/// the tool's package names every target Strata…, so nothing clashes. The plugin's code is the
/// artifact-bundle plugin's own file (`ArtifactBundlePluginTests` runs it on every test run); what
/// is the source route's alone, resolving and loading the graph, is checked on every run too.
/// Building strata and swift-syntax from source as a dependency costs a whole build of the tool
/// (minutes on two cores), so running the plugin that way is opt-in (`STRATA_PLUGIN_FROM_SOURCE=1`)
/// and `make bench`'s plugin bench does it; its scratch folder is kept between runs.
@Suite("SwiftPM command plugin", .tags(.scaffoldSmoke), .serialized)
struct PluginTests {
    /// Whether to build strata from source in the adopter and run the plugin there.
    static let fromSource = ProcessInfo.processInfo.environment["STRATA_PLUGIN_FROM_SOURCE"] == "1"

    /// The adopter's folder and its scratch folder, under the monorepo's `.build`.
    static let work = Monorepo.root.appendingPathComponent(".build/strata-plugin")

    /// Runs `swift package` with `arguments` in the adopter.
    static func swiftPackage(_ arguments: [String]) throws -> SmokeShell.Result {
        try SmokeShell.run(
            ["swift", "package", "--scratch-path", work.appendingPathComponent("scratch").path] + arguments,
            in: work.appendingPathComponent("adopter"), timeout: 1_200)
    }

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
        "by path, the tool's package resolves six packages, loads beside targets Core, Database, HTTPClient, AppSupport, and offers the strata command",
        .enabled(if: ScaffoldSmokeTests.enabled, "STRATA_SKIP_SMOKE is set"))
    func byPath() throws {
        try Self.writeAdopter(
            at: Self.work.appendingPathComponent("adopter"),
            dependency: ".package(path: \"\(Monorepo.toolPackage.path)\")")
        let resolve = try Self.swiftPackage(["resolve"])
        try #require(resolve.status == 0, "\(resolve.tail)")
        let checkouts =
            (try? FileManager.default.contentsOfDirectory(
                atPath: Self.work.appendingPathComponent("scratch/checkouts").path)) ?? []
        print("plugin by path: swift package resolve cloned \(checkouts.count) packages: \(checkouts.sorted())")
        // The tool's own dependencies (argument parser, Yams, Stencil and its PathKit and Spectre,
        // swift-syntax), none of the monorepo's.
        #expect(checkouts.count <= 6, "\(checkouts.sorted())")

        // Loading the graph fails on a target name two packages share: none does.
        let plugins = try Self.swiftPackage(["plugin", "--list"])
        #expect(plugins.status == 0, "\(plugins.tail)")
        #expect(plugins.output.contains("‘strata’ (plugin ‘StrataPlugin’ in package ‘strata’)"), "\(plugins.tail)")

        // The plugin the source route builds is, file for file, the one the bundle's tests run.
        let plugin = Monorepo.toolPackage.appendingPathComponent("Plugins/StrataPlugin/StrataPlugin.swift")
        let bundled = Monorepo.root.appendingPathComponent(
            "Tools/strata-plugin/Plugins/StrataCommandPlugin/StrataCommandPlugin.swift")
        #expect(plugin.resolvingSymlinksInPath().path == bundled.resolvingSymlinksInPath().path)
    }

    @Test(
        "built from source, swift package strata init, lint, lint --fix and graph run in a package with targets Core, Database, HTTPClient, AppSupport",
        .enabled(if: fromSource, "set STRATA_PLUGIN_FROM_SOURCE=1 to build strata from source in the adopter"))
    func plugin() throws {
        let adopter = Self.work.appendingPathComponent("adopter")
        try Self.writeAdopter(at: adopter, dependency: ".package(path: \"\(Monorepo.toolPackage.path)\")")
        let swiftPackage = Self.swiftPackage

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
