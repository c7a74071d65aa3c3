import Foundation
import StrataTestSupport
import Testing

@testable import StrataLint

/// Reduced copies of real packages (each fixture's SOURCES.md says which): the dependency each
/// uses in a way other than a plain import is found used, and a planted change is found.
@Suite("real packages")
struct RealPackageTests {
    @Test("imports under canImport(Network) are read: the targets are used, the undeclared product is found")
    func appleOnlyBranch() throws {
        #expect(
            try Fixture(name: "hummingbird-network").lint().compact == [
                "Tests/HummingbirdCoreTests/TSTests.swift:21:8 implicit-dependency HummingbirdCoreTests->NIOTransportServices"
            ])
    }

    @Test(
        "a planted import under canImport of a platform's or another package's module is found",
        arguments: ["Network", "UIKit", "Security", "CoreMotion", "SwiftUI", "WatchKit", "SomeDependencyModule"])
    func plantedAppleOnlyImport(module: String) throws {
        let result = try lintCopy(of: "hummingbird-network") { root in
            try "#if canImport(\(module))\nimport HummingbirdTesting\n#endif\n".write(
                to: root.appendingPathComponent("Sources/HummingbirdCore/Planted.swift"), atomically: true,
                encoding: .utf8)
        }
        #expect(
            result.compact.contains(
                "Sources/HummingbirdCore/Planted.swift:2:8 layer-import HummingbirdCore->HummingbirdTesting"))
    }

    /// Lints a copy of fixture `name` after `change` edits it.
    func lintCopy(of name: String, change: (URL) throws -> Void) throws -> LintResult {
        let directory = try TemporaryDirectory()
        let root = directory.path(name)
        try FileManager.default.copyItem(at: Fixture(name: name).url, to: root)
        try change(root)
        return try Linter.run(
            LintOptions(
                packageDirectory: root, rulesFile: root.appendingPathComponent("strata.yml"),
                packageJSON: root.appendingPathComponent("package.json")))
    }
}
