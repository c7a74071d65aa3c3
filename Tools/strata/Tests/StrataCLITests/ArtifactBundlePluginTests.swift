import Foundation
import StrataTestSupport
import Testing

/// The prebuilt plugins (Tools/strata-plugin) in an adopter package, as a release ships them:
/// `make artifactbundle` must have run, since the plugins' binary target is that bundle.
///
/// Each test writes its adopter and SwiftPM scratch folder under the temporary folder, so no
/// build of this repository is touched, and removes them afterwards.
@Suite("Artifact-bundle plugins", .serialized)
struct ArtifactBundlePluginTests {
    static let pluginPackage = Monorepo.root.appendingPathComponent("Tools/strata-plugin")
    static let bundleBuilt = FileManager.default.fileExists(
        atPath: pluginPackage.appendingPathComponent("Binaries/strata.artifactbundle/info.json").path)
    static let enabled = bundleBuilt && ProcessInfo.processInfo.environment["STRATA_SKIP_SMOKE"] == nil
    static let why = "needs `make artifactbundle` (Tools/strata-plugin/Binaries) and STRATA_SKIP_SMOKE unset"

    @Test(
        "the first swift package strata lint through the bundle compiles no strata source, then catches a violation",
        .enabled(if: enabled, .init(stringLiteral: why)))
    func commandPlugin() throws {
        let adopter = try Adopter(buildToolPluginOn: nil)
        defer { adopter.remove() }

        let first = try adopter.run([
            "swift", "package", "-v", "--scratch-path", adopter.scratch.path, "strata", "lint",
        ])
        print("artifact bundle: first swift package strata lint in \(String(format: "%.1f", first.seconds)) s")
        #expect(first.status == 0, "\(first.tail)")
        #expect(first.output.contains("5 targets, 0 features, 5 files"), "\(first.tail)")
        for module in ["StrataLint", "StrataScaffold", "StrataCLI"] {
            #expect(!first.output.contains("-module-name \(module) "), "built \(module) from source: \(first.tail)")
        }

        try adopter.write("Sources/Core/Core.swift", "import Lib\n\npublic struct Core { public init() {} }\n")
        let broken = try adopter.run(["swift", "package", "--scratch-path", adopter.scratch.path, "strata", "lint"])
        #expect(broken.status != 0)
        #expect(
            broken.output.contains("Sources/Core/Core.swift:1:8: error: Core (other-0) imports Lib (other-2)"),
            "\(broken.tail)")
    }

    @Test(
        "swift build with the build-tool plugin fails on a planted violation, at its file and line",
        .enabled(if: enabled, .init(stringLiteral: why)))
    func buildToolPlugin() throws {
        let adopter = try Adopter(buildToolPluginOn: "Database")
        defer { adopter.remove() }
        let build = ["swift", "build", "--scratch-path", adopter.scratch.path, "--target", "Database"]

        let clean = try adopter.run(build)
        #expect(clean.status == 0, "\(clean.tail)")

        // Declared and imported, so the compiler is content and only strata objects.
        try adopter.write("Package.swift", Adopter.manifest(buildToolPluginOn: "Database", databaseUses: "AppSupport"))
        try adopter.write(
            "Sources/Database/Database.swift", "import AppSupport\nimport Core\n\npublic struct Database {}\n")
        let broken = try adopter.run(build)
        #expect(broken.status != 0)
        // Absolute paths, as a compiler prints them, so an IDE attaches them to the line.
        #expect(
            broken.output.contains(
                adopter.folder.path
                    + "/Sources/Database/Database.swift:1:8: error: Database (other-1) imports AppSupport (support)"),
            "\(broken.tail)")
    }
}

/// A throwaway package depending on the prebuilt plugins: Core; Database, HTTPClient and
/// AppSupport on Core; Lib on all four; and the strata.yml `strata init` writes for it.
private struct Adopter {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bundle-\(UUID().uuidString)")
    var scratch: URL { folder.appendingPathComponent("scratch") }

    init(buildToolPluginOn target: String?) throws {
        try write("Package.swift", Self.manifest(buildToolPluginOn: target))
        try write("Sources/Core/Core.swift", "public struct Core { public init() {} }\n")
        for name in ["Database", "HTTPClient", "AppSupport"] {
            try write("Sources/\(name)/\(name).swift", "import Core\n\npublic struct \(name) {}\n")
        }
        try write(
            "Sources/Lib/Lib.swift",
            "import AppSupport\nimport Core\nimport Database\nimport HTTPClient\n\npublic struct Lib {}\n")
        try write(
            "strata.yml",
            """
            version: 1
            layers:
              - {name: other-0, targets: [Core], may_use: []}
              - {name: other-1, targets: [Database, HTTPClient], may_use: [other-0]}
              - {name: support, targets: [AppSupport], may_use: [other-0]}
              - {name: other-2, targets: [Lib], may_use: [other-0, other-1, support]}

            """)
    }

    static func manifest(buildToolPluginOn target: String?, databaseUses extra: String? = nil) -> String {
        func plugins(_ name: String) -> String {
            name == target ? ", plugins: [.plugin(name: \"StrataBuildToolPlugin\", package: \"strata-plugin\")]" : ""
        }
        let database = (["Core"] + (extra.map { [$0] } ?? [])).map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Adopter",
                dependencies: [.package(path: "\(ArtifactBundlePluginTests.pluginPackage.path)")],
                targets: [
                    .target(name: "Core"),
                    .target(name: "Database", dependencies: [\(database)]\(plugins("Database"))),
                    .target(name: "HTTPClient", dependencies: ["Core"]),
                    .target(name: "AppSupport", dependencies: ["Core"]),
                    .target(name: "Lib", dependencies: ["Core", "Database", "HTTPClient", "AppSupport"]\(plugins("Lib"))),
                ]
            )

            """
    }

    func write(_ path: String, _ text: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func run(_ arguments: [String]) throws -> SmokeShell.Result {
        try SmokeShell.run(arguments, in: folder, timeout: 600)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
