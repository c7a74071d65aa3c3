import Foundation
import StrataTestSupport
import Testing

/// `strata create`: a new package of this repository's shape, where `strata new` and `make test` work at once.
@Suite("strata create", .tags(.scaffoldSmoke))
struct CreateTests {
    let strata = BinaryRunner(product: "strata")

    @Test(
        "strata create Shop in an empty folder, then strata new Orders and make test: green, lint 0 errors and 0 warnings",
        .enabled(if: ScaffoldSmokeTests.enabled, "STRATA_SKIP_SMOKE is set"))
    func createThenNewThenTest() throws {
        let directory = try TemporaryDirectory()
        let created = try strata.run(["create", "Shop"], in: directory.url)
        try #require(created.status == 0, "\(created.stderr)")
        let shop = directory.path("Shop")
        for file in ["Package.swift", "Makefile", ".ci/run", ".swift-format", ".gitignore", "strata.yml", "README.md"] {
            #expect(FileManager.default.fileExists(atPath: shop.appendingPathComponent(file).path), "\(file)")
        }
        #expect(FileManager.default.isExecutableFile(atPath: shop.appendingPathComponent(".ci/run").path))
        let manifest = try String(contentsOf: shop.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("name: \"Shop\"") && manifest.contains("let features: [Feature] = ["))

        // Before its first feature the workspace passes its own rules, declaration rules included.
        let empty = try strata.run(["lint"], in: shop)
        #expect(empty.status == 0 && empty.stderr.contains(" 0 error(s)"), "\(empty.stderr)")

        let new = try strata.run(["new", "Orders"], in: shop)
        try #require(new.status == 0, "\(new.stderr)")
        // The workspace's declaration rules hold the generated feature: a global var in its
        // repository fails at its line, and goes again.
        let planted = shop.appendingPathComponent("Modules/Orders/Repository/Planted.swift")
        try Data("import Foundation\n\nvar plantedCounter = 0\n".utf8).write(to: planted)
        let broken = try strata.run(["lint"], in: shop)
        #expect(broken.status != 0, "\(broken.stdout)")
        #expect(
            broken.stdout.contains("Modules/Orders/Repository/Planted.swift:3:5: error:")
                && broken.stdout.contains("[no-global-mutable-state]"), "\(broken.stdout)")
        try FileManager.default.removeItem(at: planted)
        // The workspace's Makefile finds strata on the PATH, as after `make install`.
        let path =
            strata.executable.deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        // Built in the scratch folder the smoke test's copy of this repository uses, at the
        // versions it pins: their dependencies compile once for both.
        try FileManager.default.copyItem(
            at: Monorepo.root.appendingPathComponent("Package.resolved"),
            to: shop.appendingPathComponent("Package.resolved"))
        let swift = try SharedScratch.swiftCommand(building: SharedScratch.workspace, in: directory.url)
        let test = try SmokeShell.run(
            ["make", "test", "SWIFT=\(swift.path)"], in: shop, environment: ["PATH": path], timeout: 1_800)
        #expect(test.status == 0, "\(test.tail)")
        #expect(test.output.contains("Test run with 27 tests"), "\(test.tail)")
        #expect(ScaffoldSmokeTests.browserAuditPassed(test.output), "\(test.tail)")
        #expect(test.output.contains(" 0 error(s), 0 warning(s)"), "\(test.tail)")
        print("create: make test in the new package in \(String(format: "%.1f", test.seconds)) s")
    }

    @Test("create into an empty folder fills it in place: its mode and inode stay, and a link to one stays a link")
    func fillsEmptyFolder() throws {
        let directory = try TemporaryDirectory()
        let files = FileManager.default
        let folder = directory.path("Shop")
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        try files.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        let before = try files.attributesOfItem(atPath: folder.path)
        let created = try strata.run(["create", "Shop", "--path", folder.path])
        try #require(created.status == 0, "\(created.stderr)")
        let after = try files.attributesOfItem(atPath: folder.path)
        #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int, "a new folder replaced it")
        #expect(after[.posixPermissions] as? Int == 0o700)
        #expect(files.fileExists(atPath: folder.appendingPathComponent("Package.swift").path))
        #expect(try files.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasPrefix(".strata-create") })

        let real = directory.path("real")
        try files.createDirectory(at: real, withIntermediateDirectories: true)
        let link = directory.path("Linked")
        try files.createSymbolicLink(atPath: link.path, withDestinationPath: "real")
        let linked = try strata.run(["create", "Linked", "--path", link.path])
        try #require(linked.status == 0, "\(linked.stderr)")
        #expect(try files.destinationOfSymbolicLink(atPath: link.path) == "real")
        #expect(files.fileExists(atPath: real.appendingPathComponent("Package.swift").path))
    }

    @Test("create refuses a folder that exists and is not empty (exit 67) and a bad name (exit 64); nothing is written")
    func refusals() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.path("Shop"), withIntermediateDirectories: true)
        try Data("keep\n".utf8).write(to: directory.path("Shop/notes.txt"))
        let taken = try strata.run(["create", "Shop"], in: directory.url)
        #expect(taken.status == 67 && taken.stderr.contains("is not an empty folder"), "\(taken.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("Shop").path) == ["notes.txt"])
        let bad = try strata.run(["create", "shop-app", "--path", directory.path("elsewhere").path])
        #expect(bad.status == 64, "\(bad.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["Shop"])
    }

    @Test(
        "strata new in a workspace whose manifest lacks a name the Feature line uses: exit 65 naming the line and the name; nothing written"
    )
    func newNamesTheManifestError() throws {
        let directory = try TemporaryDirectory()
        try #require(try strata.run(["create", "Shop"], in: directory.url).status == 0)
        let shop = directory.path("Shop")
        // A workspace from before the web edge declared no `plot`: spell its one use out and drop the name.
        let manifest = shop.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let older = text.components(separatedBy: "\n").filter { !$0.hasPrefix("let plot:") }.joined(separator: "\n")
            .replacingOccurrences(
                of: "hummingbird, plot,", with: #"hummingbird, .product(name: "Plot", package: "Plot"),"#)
        try #require(older != text)
        try Data(older.utf8).write(to: manifest)
        let new = try strata.run(["new", "Orders"], in: shop)
        #expect(new.status == 65, "\(new.stderr)")
        #expect(
            new.stderr.contains("Package.swift:") && new.stderr.contains("error: cannot find 'plot' in scope"),
            "\(new.stderr)")
        #expect(!new.stderr.contains("compiled with"), "\(new.stderr)")
        #expect(try String(contentsOf: manifest, encoding: .utf8) == older)
        #expect(!FileManager.default.fileExists(atPath: shop.appendingPathComponent("Modules/Orders").path))
    }
}
