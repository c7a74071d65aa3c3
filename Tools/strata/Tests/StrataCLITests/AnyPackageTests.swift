import Foundation
import StrataScaffold
import StrataTestSupport
import Testing

/// `strata new` in packages that are not this repository: SwiftPM's own library template, a
/// package's template sets, manifests it must refuse.
@Suite("strata new in any package")
struct AnyPackageTests {
    let strata = BinaryRunner(product: "strata")

    /// A package made by `swift package init --type library`, as a new user has one.
    func library(_ directory: TemporaryDirectory) throws -> URL {
        let package = directory.path("Shelf")
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        let made = try SmokeShell.run(["swift", "package", "init", "--type", "library"], in: package, timeout: 120)
        try #require(made.status == 0, "\(made.tail)")
        return package
    }

    func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test(
        "swift package init, then strata init, new, build, test and lint all pass; remove restores Package.swift and strata.yml",
        .tags(.scaffoldSmoke), .enabled(if: ScaffoldSmokeTests.enabled, "STRATA_SKIP_SMOKE is set"))
    func libraryPackage() throws {
        let directory = try TemporaryDirectory()
        let package = try library(directory)
        func run(_ arguments: [String]) throws -> SmokeShell.Result {
            try SmokeShell.run(arguments, in: package, timeout: 900)
        }
        let initialized = try run([strata.executable.path, "init"])
        try #require(initialized.status == 0, "\(initialized.tail)")
        let manifest = try read(package.appendingPathComponent("Package.swift"))
        let rules = try read(package.appendingPathComponent("strata.yml"))

        let new = try run([strata.executable.path, "new", "Notes"])
        try #require(new.status == 0, "\(new.tail)")
        #expect(new.output.contains("template Layers") && new.output.contains("Sources/NotesEntity/NotesItem.swift"))
        let edited = try read(package.appendingPathComponent("Package.swift"))
        #expect(
            edited.contains(
                #".target(name: "NotesUseCase", dependencies: ["NotesRepository", "NotesEntity"], path: "Sources/NotesUseCase"),"#
            ))
        #expect(try read(package.appendingPathComponent("strata.yml")).contains(#"targets: ["{feature}UseCase"]"#))

        let build = try run(["swift", "build", "--build-tests"])
        try #require(build.status == 0, "\(build.tail)")
        #expect(!build.output.contains("warning:"), "\(build.tail)")
        let test = try run(["swift", "test", "--skip-build"])
        #expect(test.status == 0 && test.output.contains("Test run with"), "\(test.tail)")
        let lint = try run([strata.executable.path, "lint"])
        #expect(lint.status == 0 && lint.output.contains(" 0 error(s), 0 warning(s)"), "\(lint.tail)")

        let remove = try run([strata.executable.path, "remove", "Notes"])
        #expect(remove.status == 0, "\(remove.tail)")
        #expect(try read(package.appendingPathComponent("Package.swift")) == manifest)
        #expect(try read(package.appendingPathComponent("strata.yml")) == rules)
        for gone in ["Sources/NotesEntity", "Tests/NotesEntityTests", ".strata"] {
            #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent(gone).path), "\(gone)")
        }
    }

    @Test("two generated features: each is removed without --force, in either order, and the manifest comes back")
    func twoFeatures() throws {
        let directory = try TemporaryDirectory()
        let package = try library(directory)
        let manifestURL = package.appendingPathComponent("Package.swift")
        let manifest = try read(manifestURL)
        for name in ["Notes", "Cards"] {
            let new = try strata.run(["new", name, "--path", package.path])
            try #require(new.status == 0, "\(new.stderr)")
        }
        // Notes' recorded lines now have Cards' entries after them.
        let first = try strata.run(["remove", "Notes", "--path", package.path])
        #expect(first.status == 0, "\(first.stderr)")
        let between = try read(manifestURL)
        #expect(!between.contains("\"NotesEntity\"") && between.contains("\"CardsEntity\""), "\(between)")
        let dump = try SmokeShell.run(["swift", "package", "dump-package"], in: package, timeout: 120)
        #expect(dump.status == 0, "\(dump.tail)")
        let second = try strata.run(["remove", "Cards", "--path", package.path])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try read(manifestURL) == manifest)
        #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent(".strata").path))
    }

    @Test(
        "a Package@swift-*.swift beside the manifest: new and its dry run are refused (exit 65) naming it; nothing is written"
    )
    func versionedManifest() throws {
        let directory = try TemporaryDirectory()
        let package = try library(directory)
        let manifest = try read(package.appendingPathComponent("Package.swift"))
        try Data(manifest.utf8).write(to: package.appendingPathComponent("Package@swift-6.0.swift"))
        let before = TreeSnapshotLines.take(package)
        for extra in [["--dry-run"], []] {
            let new = try strata.run(["new", "Notes", "--path", package.path] + extra)
            #expect(new.status == 65, "\(new.stderr)")
            #expect(new.stderr.contains("Package@swift-6.0.swift sits beside Package.swift"), "\(new.stderr)")
            #expect(TreeSnapshotLines.take(package) == before)
        }
    }

    @Test("a flow-style strata.yml is refused at its line before anything is written; a CRLF one keeps CRLF")
    func rulesFileStyles() throws {
        let directory = try TemporaryDirectory()
        let package = try library(directory)
        let rules = package.appendingPathComponent("strata.yml")
        try Data("version: 1\nlayers: [{name: core, targets: [Shelf], may_use: []}]\n".utf8).write(to: rules)
        let before = TreeSnapshotLines.take(package)
        let refused = try strata.run(["new", "Notes", "--path", package.path])
        #expect(refused.status != 0 && refused.stderr.contains("strata.yml:2:"), "\(refused.stderr)")
        #expect(refused.stderr.contains("flow list") && !refused.stderr.contains("init --force"), "\(refused.stderr)")
        #expect(TreeSnapshotLines.take(package) == before)

        try FileManager.default.removeItem(at: rules)
        #expect(try strata.run(["init", "--path", package.path]).status == 0)
        try Data(try read(rules).replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: rules)
        let new = try strata.run(["new", "Notes", "--path", package.path])
        #expect(new.status == 0, "\(new.stderr)")
        let edited = try read(rules)
        #expect(edited.contains(#"targets: ["{feature}UseCase"]"#), "\(edited)")
        #expect(!edited.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "a line lost its CR")
        let lint = try strata.run(["lint", "--path", package.path])
        #expect(lint.status == 0, "\(lint.stdout) \(lint.stderr)")
    }

    @Test("a package's own set in .strata/templates is listed and used with --template")
    func packageTemplate() throws {
        let directory = try TemporaryDirectory()
        let package = try library(directory)
        let set = package.appendingPathComponent(".strata/templates/Screen")
        try FileManager.default.createDirectory(
            at: set.appendingPathComponent("files/Sources/Shelf"), withIntermediateDirectories: true)
        try Data(#"{"name": "Screen", "summary": "One screen's view data."}"#.utf8).write(
            to: set.appendingPathComponent("template.json"))
        try Data("/// The {{ title }} screen.\npublic struct {{ name }}Screen {}\n".utf8).write(
            to: set.appendingPathComponent("files/Sources/Shelf/__name__Screen.swift.stencil"))
        let manifest = try read(package.appendingPathComponent("Package.swift"))

        let listed = try strata.run(["templates"], in: package)
        #expect(listed.stdout.contains("Screen  .strata/templates/Screen"), "\(listed.stdout)")
        #expect(listed.stdout.contains("Layers  built in  (default here)"))
        let new = try strata.run(["new", "Orders", "--template", "Screen"], in: package)
        #expect(new.status == 0, "\(new.stderr)")
        #expect(
            try read(package.appendingPathComponent("Sources/Shelf/OrdersScreen.swift"))
                == "/// The Orders screen.\npublic struct OrdersScreen {}\n")
        #expect(try read(package.appendingPathComponent("Package.swift")) == manifest)
        let remove = try strata.run(["remove", "Orders"], in: package)
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(
            !FileManager.default.fileExists(
                atPath: package.appendingPathComponent("Sources/Shelf/OrdersScreen.swift").path))
    }

    @Test(
        "a broken set is refused with exit 78, its file and line, and nothing written",
        arguments: [
            (
                "files/Sources/Shelf/__name__Screen.swift.stencil", "struct {{ name }}Screen {}\n{% for x in %}\n",
                "files/Sources/Shelf/__name__Screen.swift.stencil:2:"
            ),
            (
                "files/Sources/Shelf/__name__Screen.swift.stencil", "struct {{ name }}Screen {}\n// {{ colour }}\n",
                "files/Sources/Shelf/__name__Screen.swift.stencil:2:4: 'colour' is not a template variable"
            ),
            ("template.json", "{\"name\": \"Screen\",\n  \"summary\": 3}", "template.json cannot be read: 'summary'"),
        ])
    func brokenTemplate(file: String, text: String, expected: String) throws {
        let directory = try TemporaryDirectory()
        let package = try library(directory)
        let set = package.appendingPathComponent(".strata/templates/Screen")
        try FileManager.default.createDirectory(
            at: set.appendingPathComponent("files/Sources/Shelf"), withIntermediateDirectories: true)
        try Data(#"{"name": "Screen", "summary": "One screen."}"#.utf8).write(
            to: set.appendingPathComponent("template.json"))
        try Data(text.utf8).write(to: set.appendingPathComponent(file))
        let before = TreeSnapshotLines.take(package)
        let new = try strata.run(["new", "Orders", "--template", "Screen"], in: package)
        #expect(new.status == 78, "\(new.stderr)")
        #expect(new.stderr.contains(".strata/templates/Screen/\(expected)"), "\(new.stderr)")
        #expect(new.stderr.split(separator: "\n").count == 1)
        #expect(TreeSnapshotLines.take(package) == before)
    }

    @Test("a set without template.json is refused with exit 78 naming the file; nothing is written")
    func missingDescription() throws {
        let directory = try TemporaryDirectory()
        let package = try library(directory)
        try FileManager.default.createDirectory(
            at: package.appendingPathComponent(".strata/templates/Screen/files"), withIntermediateDirectories: true)
        let before = TreeSnapshotLines.take(package)
        let new = try strata.run(["new", "Orders", "--template", "Screen"], in: package)
        #expect(new.status == 78)
        #expect(new.stderr.contains(".strata/templates/Screen/template.json: no such file"), "\(new.stderr)")
        #expect(TreeSnapshotLines.take(package) == before)
    }

    @Test(
        "a manifest whose targets are built by code is refused at its line and column with exit 65; nothing is written")
    func computedManifest() throws {
        let directory = try TemporaryDirectory()
        let package = try library(directory)
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let names = ["Shelf"]
            let package = Package(
                name: "Shelf",
                targets: names.map { .target(name: $0) }
            )

            """
        try Data(manifest.utf8).write(to: package.appendingPathComponent("Package.swift"))
        let before = TreeSnapshotLines.take(package)
        let new = try strata.run(["new", "Orders"], in: package)
        #expect(new.status == 65, "\(new.stderr)")
        #expect(new.stderr.contains("Package.swift:7:14: `targets:` is computed by code"), "\(new.stderr)")
        #expect(new.stderr.contains("add the targets OrdersEntity, OrdersRepository"), "\(new.stderr)")
        #expect(TreeSnapshotLines.take(package) == before)
    }
}

/// Every file under a folder with its bytes' hash, for "nothing was written".
enum TreeSnapshotLines {
    static func take(_ root: URL) -> [String] {
        var lines: [String] = []
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let path = walker?.nextObject() as? String {
            if path.hasPrefix(".build") { continue }
            let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path)
            lines.append("\(path) \(data.map(SHA256.hex) ?? "dir")")
        }
        return lines.sorted()
    }
}
