import Foundation
import StrataTestSupport
import Testing

/// `strata lint --changed FILE…`: those files' imports plus the manifest-level rules, for pre-commit hooks.
@Suite("strata lint --changed")
struct ChangedFilesTests {
    let strata = BinaryRunner(product: "strata")
    let fixture = StrataCLITests.fixtures.appendingPathComponent("layers")

    func lint(changed: [String], extra: [String] = []) throws -> BinaryRunner.Result {
        try strata.run(
            [
                "lint", "--quiet", "--path", fixture.path, "--package-json",
                fixture.appendingPathComponent("package.json").path,
            ]
                + extra + ["--changed"] + changed, in: fixture)
    }

    @Test("only the changed files' imports are checked; manifest rules always are")
    func onlyChangedFiles() throws {
        let useCase = try lint(changed: ["Sources/ShopUseCase/ListItems.swift"])
        #expect(useCase.status == 1)
        let lines = useCase.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("Sources/ShopUseCase/ListItems.swift:4:8: error: ") })
        #expect(!lines.contains { $0.hasPrefix("Sources/ShopPresenter/") })
        // At the dependency's entry in the target's `dependencies:`, where the manifest writes it.
        #expect(
            lines.contains {
                $0.hasPrefix("Package.swift:11:84: error: ShopPresenter (presenter) depends on ShopRepository")
            }
        )
        // Unused dependencies need every file of a target, so a partial run does not report them.
        #expect(!useCase.stdout.contains("[unused-dependency]"))

        let entity = try lint(changed: ["Sources/ShopEntity/Item.swift", "README.md"])
        #expect(entity.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("Package.swift:") })
    }

    @Test("a baseline's entries for files not read are not reported as stale")
    func noStaleEntries() throws {
        let directory = try TemporaryDirectory()
        let baseline = directory.path("baseline.json").path
        let write = try strata.run(
            [
                "lint", "--path", fixture.path, "--package-json", fixture.appendingPathComponent("package.json").path,
                "--write-baseline", baseline,
            ])
        #expect(write.status == 0)
        let run = try lint(changed: ["Sources/ShopEntity/Item.swift"], extra: ["--baseline", baseline])
        #expect(run.status == 0, "\(run.stdout)")
        #expect(!run.stdout.contains("stale baseline entry"))
    }
}
