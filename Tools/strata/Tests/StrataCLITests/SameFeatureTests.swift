import Foundation
import StrataScaffold
import StrataTestSupport
import Testing

/// The built-in Feature set is the one shape, changed only on purpose: in this repository
/// `strata new` writes byte for byte what the golden list (Fixtures/notes-feature.sha256) records.
@Suite("strata new in this repository")
struct SameFeatureTests {
    let strata = BinaryRunner(product: "strata")

    @Test("strata new Notes writes the files, bytes and manifest line the golden list records")
    func sameFeature() throws {
        let directory = try TemporaryDirectory()
        for file in ["Package.swift", ".swift-format"] {
            try FileManager.default.copyItem(
                at: Monorepo.root.appendingPathComponent(file), to: directory.path(file))
        }
        let manifest = try String(contentsOf: directory.path("Package.swift"), encoding: .utf8)
        let run = try strata.run(["new", "Notes", "--path", directory.url.path])
        try #require(run.status == 0, "\(run.stderr)")

        let golden = try String(
            contentsOf: Monorepo.toolPackage.appendingPathComponent(
                "Tests/StrataCLITests/Fixtures/notes-feature.sha256"),
            encoding: .utf8
        ).split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        var written: [String] = []
        let walker = FileManager.default.enumerator(atPath: directory.url.path)
        while let path = walker?.nextObject() as? String {
            let url = directory.path(path)
            guard !PackageRoot.isDirectory(url), path != "Package.swift", path != ".swift-format" else { continue }
            written.append("\(SHA256.hex(try Data(contentsOf: url))) \(path)")
        }
        #expect(written.sorted() == golden.sorted())

        let after = try String(contentsOf: directory.path("Package.swift"), encoding: .utf8)
        let added = after.split(separator: "\n", omittingEmptySubsequences: false).filter {
            !manifest.split(separator: "\n", omittingEmptySubsequences: false).contains($0)
        }
        #expect(
            added == [
                #"    Feature("Notes", app: "notes", infrastructure: ["Database"], appDependencies: ["WebSupport", hummingbird, plot]),"#
            ])
    }
}
