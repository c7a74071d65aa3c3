import Foundation
import StrataTestSupport
import Testing

/// Links to folders inside a target: each real folder is read once, so a link to itself ends.
@Suite("strata lint: links to folders")
struct LinkedFoldersTests {
    let strata = BinaryRunner(product: "strata")
    let fixture = StrataCLITests.fixtures.appendingPathComponent("layers")

    /// `strata lint --format json` of `package`, read from the fixture's saved dump.
    func lint(_ package: URL) throws -> BinaryRunner.Result {
        try strata.run(
            [
                "lint", "--quiet", "--format", "json", "--path", package.path, "--package-json",
                package.appendingPathComponent("package.json").path,
            ], timeout: 60)
    }

    @Test("two links to a target's own folder: the run ends with the findings of the folder without them")
    func linksToItself() throws {
        let directory = try TemporaryDirectory()
        let package = directory.path("layers")
        try FileManager.default.copyItem(at: fixture, to: package)
        let plain = try lint(package)
        let folder = package.appendingPathComponent("Sources/ShopUseCase")
        for name in ["a", "b"] {
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(name).path, withDestinationPath: ".")
        }
        // A link to the parent walks the other targets' folders once more, and ends too.
        try FileManager.default.createSymbolicLink(
            atPath: package.appendingPathComponent("Sources/ShopEntity/up").path, withDestinationPath: "..")
        let linked = try lint(package)
        #expect(linked.status == plain.status, "\(linked.stderr)")
        let findings = { (result: BinaryRunner.Result) in
            result.stdout.split(separator: "\n").filter { $0.contains("\"Sources/ShopUseCase/") }
        }
        #expect(!findings(plain).isEmpty)
        #expect(findings(linked) == findings(plain), "\(linked.stdout)")
    }
}
