import Foundation
import StrataTestSupport
import Testing

/// `strata lint --fix` on built binaries, in copies of real packages and in one that builds offline.
@Suite("strata lint --fix")
struct LintFixTests {
    let strata = BinaryRunner(product: "strata")

    /// A copy of lint fixture `name` without its saved dump, with `mutate` applied to its manifest.
    func copy(_ name: String, _ mutate: (String) -> String) throws -> (TemporaryDirectory, URL) {
        let directory = try TemporaryDirectory()
        let package = directory.path(name)
        try FileManager.default.copyItem(at: StrataCLITests.fixtures.appendingPathComponent(name), to: package)
        // The fixture may hold caches an in-place lint of another test left: not the copy's.
        try? FileManager.default.removeItem(at: package.appendingPathComponent(".build"))
        try FileManager.default.removeItem(at: package.appendingPathComponent("package.json"))
        let manifest = package.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let mutated = mutate(text)
        try #require(mutated != text, "the mutation must change \(name)'s manifest")
        try Data(mutated.utf8).write(to: manifest)
        return (directory, package)
    }

    /// `text` with the `occurrence`th (0-based) `line` (a whole line, indentation included) removed.
    static func removing(_ line: String, occurrence: Int = 0, in text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        let found = lines.indices.filter { lines[$0] == line }
        guard occurrence < found.count else { return text }
        lines.remove(at: found[occurrence])
        return lines.joined(separator: "\n")
    }

    /// Mutations of real packages: a dependency still imported is dropped (and, in TCA's, one
    /// nothing imports is added), with the dependency findings they must give.
    static let mutations: [(String, @Sendable (String) -> String, [String])] = [
        (
            "tca-macros",
            {
                removing("        \"ComposableArchitectureMacros\",", occurrence: 1, in: $0)
                    .replacingOccurrences(
                        of: "        .product(name: \"MacroTesting\"",
                        with: "        \"ComposableArchitecture\",\n        .product(name: \"MacroTesting\"")
            },
            ["implicit-dependency", "unused-dependency"]
        ),
        ("vapor-macros", { removing("                \"Vapor\",", in: $0) }, ["implicit-dependency"]),
        (
            "hummingbird-network", { removing("                .byName(name: \"HummingbirdCore\"),", in: $0) },
            ["implicit-dependency"]
        ),
    ]

    @Test(
        "a dropped and an unused dependency are fixed; dump-package and lint are clean; a second --fix changes nothing",
        arguments: [0, 1, 2])
    func fixesRealPackages(_ index: Int) throws {
        let (name, mutate, rules) = Self.mutations[index]
        let (directory, package) = try copy(name, mutate)
        defer { _ = directory }
        let before = try strata.run(["lint", "--path", package.path])
        for rule in rules { #expect(before.stdout.contains("[\(rule)]"), "\(name): \(before.stdout)") }
        let fix = try strata.run(["lint", "--fix", "--path", package.path], timeout: 120)
        #expect(fix.status == 0, "\(name): \(fix.stdout) \(fix.stderr)")
        #expect(fix.stdout.contains("fixed implicit-dependency: "), "\(fix.stdout)")
        let fixed = try Data(contentsOf: package.appendingPathComponent("Package.swift"))
        let dump = try SmokeShell.run(["swift", "package", "dump-package"], in: package, timeout: 120)
        #expect(dump.status == 0, "\(dump.tail)")
        let lint = try strata.run(["lint", "--path", package.path])
        #expect(lint.status == 0 && lint.stderr.contains("0 error(s), 0 warning(s)"), "\(lint.stdout) \(lint.stderr)")
        let again = try strata.run(["lint", "--fix", "--path", package.path], timeout: 120)
        #expect(again.status == 0 && again.stderr.contains("0 dependency change(s) made"), "\(again.stderr)")
        #expect(try Data(contentsOf: package.appendingPathComponent("Package.swift")) == fixed)
    }

    @Test("--dry-run prints a unified diff and leaves every file byte-identical")
    func dryRun() throws {
        let (directory, package) = try copy("vapor-macros", Self.mutations[1].1)
        defer { _ = directory }
        let before = TreeSnapshotLines.take(package)
        let run = try strata.run(["lint", "--fix", "--dry-run", "--path", package.path], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("--- a/Package.swift\n+++ b/Package.swift\n@@ "), "\(run.stdout)")
        #expect(run.stdout.contains("\n+                \"Vapor\",\n"), "\(run.stdout)")
        #expect(run.stderr.contains("would fix implicit-dependency: VaporMacros now declares \"Vapor\""))
        #expect(TreeSnapshotLines.take(package) == before)
    }

    @Test("--dry-run (and init --dry-run) writes nothing under .build/strata either: no manifest cache entry")
    func dryRunWritesNoCache() throws {
        let directory = try TemporaryDirectory()
        let package = try shelf(directory)
        let initRun = try strata.run(["init", "--dry-run", "--path", package.path], timeout: 120)
        #expect(initRun.status == 0, "\(initRun.stderr)")
        let run = try strata.run(["lint", "--fix", "--dry-run", "--path", package.path], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("would fix implicit-dependency: Model now declares \"Core\""), "\(run.stderr)")
        let cache = package.appendingPathComponent(".build/strata")
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
        #expect(entries.filter { $0.hasPrefix("dump-package-") }.isEmpty, "\(entries)")
        // A run that writes does keep the entry, so the next run need not evaluate the manifest.
        #expect(try strata.run(["lint", "--path", package.path], timeout: 120).status == 1)
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []
        #expect(kept.contains { $0.hasPrefix("dump-package-") }, "\(kept)")
    }

    @Test("dependencies overridden by code in an #if block: --fix says it cannot fix them, writes nothing, every run")
    func dependenciesChangedByCode() throws {
        let directory = try TemporaryDirectory()
        let package = try shelf(directory)
        let manifest = package.appendingPathComponent("Package.swift")
        let text = Self.shelf + "#if os(Linux) || os(macOS)\npackage.targets[1].dependencies = []\n#endif\n"
        try Data(text.utf8).write(to: manifest)
        let line = text.components(separatedBy: "\n").firstIndex { $0.hasPrefix("package.targets[1]") }.map { $0 + 1 }
        for _ in 0..<2 {
            let fix = try strata.run(["lint", "--fix", "--path", package.path], timeout: 120)
            #expect(fix.status == 1, "\(fix.stdout) \(fix.stderr)")
            #expect(!fix.stdout.contains("fixed "), "\(fix.stdout)")
            #expect(
                fix.stderr.contains(
                    "strata: cannot fix the 1 dependency finding(s) of Model: Package.swift:\(line ?? 0):1: code changes targets' dependencies"
                ), "\(fix.stderr)")
            #expect(fix.stderr.contains("0 dependency change(s) made"), "\(fix.stderr)")
            #expect(try String(contentsOf: manifest, encoding: .utf8) == text)
        }
    }

    @Test("--fix with --package-json, --changed or --target, or --dry-run alone, is a usage error (exit 64)")
    func usage() throws {
        for arguments in [
            ["--fix", "--package-json", "p.json"], ["--fix", "--changed", "a.swift"], ["--fix", "--target", "A"],
            ["--dry-run"],
        ] {
            let run = try strata.run(["lint"] + arguments)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
        }
    }

    /// A package whose targets depend only on one another, so it builds offline.
    static let shelf = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Shelf",
            targets: [
                .target(name: "Core"),
                // Model imports Core without declaring it.
                .target(name: "Model"),
                .target(
                    name: "Feature",
                    dependencies: [
                        "Model",
                        "Core", // declared, never imported
                    ]
                ),
            ]
        )

        """

    static let rules = """
        version: 1
        layers:
          - name: core
            targets: [Core]
          - name: model
            targets: [Model]
            may_use: [core]
          - name: feature
            targets: [Feature]
            may_use: [model, core]

        """

    func shelf(_ directory: TemporaryDirectory, coreImportsModel: Bool = false) throws -> URL {
        let package = directory.path("Shelf")
        let files = [
            "Package.swift": Self.shelf, "strata.yml": Self.rules,
            "Sources/Core/Core.swift": (coreImportsModel ? "import Model\n\n" : "")
                + "/// An id.\npublic struct ID: Sendable { public init() {} }\n",
            "Sources/Model/Model.swift":
                "import Core\n\n/// A shelf.\npublic struct Shelf: Sendable {\n    public let id = ID()\n    public init() {}\n}\n",
            "Sources/Feature/Feature.swift":
                "import Model\n\n/// Makes a shelf.\npublic func make() -> Shelf { Shelf() }\n",
        ]
        for (path, text) in files {
            let url = package.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return package
    }

    @Test(
        "in a package of its own targets, --fix adds the import's dependency and drops the unused one; swift build passes"
    )
    func fixesAndBuilds() throws {
        let directory = try TemporaryDirectory()
        let package = try shelf(directory)
        let fix = try strata.run(["lint", "--fix", "--path", package.path], timeout: 120)
        #expect(fix.status == 0, "\(fix.stdout) \(fix.stderr)")
        let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(
            manifest
                == Self.shelf.replacingOccurrences(
                    of: #".target(name: "Model")"#, with: #".target(name: "Model", dependencies: ["Core"])"#
                ).replacingOccurrences(of: "                \"Core\", // declared, never imported\n", with: ""))
        let build = try SmokeShell.run(["swift", "build"], in: package, timeout: 900)
        #expect(build.status == 0, "\(build.tail)")
    }

    @Test("a layer finding is never rewritten: it is listed as remaining and the exit is 1")
    func layerFindingRemains() throws {
        let directory = try TemporaryDirectory()
        let package = try shelf(directory, coreImportsModel: true)
        let fix = try strata.run(["lint", "--fix", "--path", package.path], timeout: 120)
        #expect(fix.status == 1, "\(fix.stdout) \(fix.stderr)")
        #expect(fix.stdout.contains("fixed unused-dependency: Feature no longer declares Core"), "\(fix.stdout)")
        #expect(fix.stdout.contains("Sources/Core/Core.swift:1:8: error:") && fix.stdout.contains("[layer-import]"))
        #expect(fix.stderr.contains("remain (they need a person)"), "\(fix.stderr)")
    }

    @Test("a Package@swift-*.swift beside the manifest is refused with exit 65; nothing is written")
    func versionedManifest() throws {
        let directory = try TemporaryDirectory()
        let package = try shelf(directory)
        try Data(Self.shelf.utf8).write(to: package.appendingPathComponent("Package@swift-6.0.swift"))
        let before = TreeSnapshotLines.take(package)
        let fix = try strata.run(["lint", "--fix", "--path", package.path], timeout: 120)
        #expect(fix.status == 65, "\(fix.stderr)")
        #expect(fix.stderr.contains("Package@swift-6.0.swift sits beside Package.swift"), "\(fix.stderr)")
        #expect(TreeSnapshotLines.take(package) == before)
    }
}
