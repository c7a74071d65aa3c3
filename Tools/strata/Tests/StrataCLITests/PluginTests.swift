import Foundation
import StrataTestSupport
import Testing

/// The SwiftPM command plugin, from a package that depends on this one by path.
///
/// One plugin build serves every assertion: the consumer is rewritten each run, but its scratch
/// folder `.build/strata-plugin/scratch` is kept, so later runs only relink.
@Suite("SwiftPM command plugin", .tags(.scaffoldSmoke))
struct PluginTests {
    @Test(
        "swift package strata init, lint and graph run in a package depending on this one",
        .enabled(if: ScaffoldSmokeTests.enabled, "STRATA_SKIP_SMOKE is set"))
    func plugin() throws {
        let work = ScaffoldRepository.root.appendingPathComponent(".build/strata-plugin")
        let consumer = work.appendingPathComponent("consumer")
        try? FileManager.default.removeItem(at: consumer)
        for (path, text) in [
            "Package.swift": """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Consumer",
                dependencies: [.package(path: "\(ScaffoldRepository.root.path)")],
                targets: [.target(name: "Base"), .target(name: "Top", dependencies: ["Base"])]
            )

            """,
            "Sources/Base/Base.swift": "public struct Base {}\n",
            "Sources/Top/Top.swift": "import Base\n\npublic struct Top {}\n",
        ] {
            let url = consumer.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        func swiftPackage(_ arguments: [String]) throws -> SmokeShell.Result {
            try SmokeShell.run(
                ["swift", "package", "--scratch-path", work.appendingPathComponent("scratch").path] + arguments,
                in: consumer, timeout: 1_200)
        }

        let initRun = try swiftPackage(["--allow-writing-to-package-directory", "strata", "init"])
        try #require(initRun.status == 0, "\(initRun.tail)")
        #expect(initRun.output.contains("created strata.yml"))
        #expect(FileManager.default.fileExists(atPath: consumer.appendingPathComponent("strata.yml").path))

        let lint = try swiftPackage(["strata", "lint"])
        #expect(lint.status == 0, "\(lint.tail)")
        #expect(lint.output.contains("2 targets, 0 features, 2 files") && lint.output.contains(" 0 error(s)"))

        let graph = try swiftPackage(["strata", "graph"])
        #expect(graph.status == 0 && graph.output.contains("Top --> Base"), "\(graph.tail)")

        try "import Top\n\npublic struct Base {}\n".write(
            to: consumer.appendingPathComponent("Sources/Base/Base.swift"), atomically: true, encoding: .utf8)
        let broken = try swiftPackage(["strata", "lint"])
        #expect(broken.status != 0)
        #expect(
            broken.output.contains(
                "Sources/Base/Base.swift:1:8: error: Base (other-0) imports Top (other-1), but other-0 may use only nothing of the package [layer-import]"
            ), "\(broken.tail)")
    }
}
