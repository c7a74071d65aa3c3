import Foundation
import StrataScaffold
import StrataTestSupport
import Testing

extension Tag {
    /// Slow tests that build a package; skip them with STRATA_SKIP_SMOKE=1.
    @Tag static var scaffoldSmoke: Self
}

/// The promise `strata new` makes: what it generates builds, passes its tests and passes `strata lint` unedited.
///
/// It syncs the repository (without `.build`) into `.build/strata-smoke/package`, generates a
/// feature there, builds and tests it in the scratch folder it shares with `strata create`'s
/// test and this repository's own build (`SharedScratch.workspace`, so the dependencies are
/// found compiled) on a manifest without the other features and the shared targets the template
/// does not use, runs the checker on the whole repository, then removes the feature and checks
/// the copy is back as it was.
@Suite("Scaffold smoke test", .tags(.scaffoldSmoke))
struct ScaffoldSmokeTests {
    static let feature = "ScaffoldSmoke"
    static let enabled = ProcessInfo.processInfo.environment["STRATA_SKIP_SMOKE"] == nil

    /// Names that could break a generated feature and do not: a standard library, Foundation,
    /// ArgumentParser and Core type name, and names the template's own files and types use.
    /// They are generated and built beside the smoke feature.
    static let riskyNames = ["String", "Identifier", "Validation", "Item"]
    /// Names that cannot work, each refused with its reason before anything is written: the
    /// template's own file names, Core's and AppSupport's types, Foundation's and the standard library's.
    static let refusedNames = [
        "List": "would write Apps/list/ListCommand.swift twice", "Add": "would write Apps/add/AddCommand.swift twice",
        "Domain": "would declare DomainError, which Core declares too", "URL": "would declare URLError, which a module",
        "Storage": "would declare StorageError, which Core declares too",
        "Message": "would declare MessageError, which AppSupport declares too",
        "Decoding": "would declare DecodingError, which a module",
    ]

    @Test(
        "a generated feature builds with no warnings, passes its tests and the checker, and is removed cleanly",
        .enabled(if: enabled, "STRATA_SKIP_SMOKE is set"))
    func smoke() throws {
        let work = ScaffoldRepository.root.appendingPathComponent(".build/strata-smoke")
        let package = work.appendingPathComponent("package")
        let scratch = SharedScratch.workspace
        try RepositoryCopy.sync(from: ScaffoldRepository.root, to: package, seedingSourceCache: true)
        let pristine = snapshot(package)
        let strata = BinaryRunner(product: "strata")

        let started = Date()
        let new = try strata.run(["new", Self.feature, "--path", package.path])
        let newSeconds = Date().timeIntervalSince(started)
        try #require(new.status == 0, "strata new failed: \(new.stderr)")

        for (name, reason) in Self.refusedNames.sorted(by: { $0.key < $1.key }) {
            let refused = try strata.run(["new", name, "--path", package.path])
            #expect(refused.status == 64 && refused.stderr.contains(reason), "\(name): \(refused.stderr)")
        }
        for name in Self.riskyNames {
            let risky = try strata.run(["new", name, "--path", package.path])
            try #require(risky.status == 0, "strata new \(name) failed: \(risky.stderr)")
        }

        let itemFile = "Modules/\(Self.feature)/Entity/\(Self.feature)Item.swift"
        let handEdited = try upgradeToEditedTemplate(package, strata: strata, itemFile: itemFile)

        let swiftPM = ["--package-path", package.path, "--scratch-path", scratch.path]
        // Built and tested alone, beside the shared targets the template uses; linted and removed
        // in the whole repository, with the manifest as `strata new` left it.
        let manifest = package.appendingPathComponent("Package.swift")
        let declared = try Data(contentsOf: manifest)
        let original = try String(
            contentsOf: ScaffoldRepository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        if let slim = RepositoryCopy.slimManifest(String(decoding: declared, as: UTF8.self), original: original) {
            try Data(slim.utf8).write(to: manifest)
            if (try? SwiftPMValidator().summary(of: package)) == nil { try declared.write(to: manifest) }
        }
        let build = try SmokeShell.run(["swift", "build", "--build-tests"] + swiftPM, in: package, timeout: 1_800)
        try #require(build.status == 0, "swift build failed in the copy:\n\(build.tail)")
        let features = [Self.feature] + Self.riskyNames
        let warnings = build.output.split(separator: "\n").filter { line in
            line.contains("warning:")
                && features.contains { line.contains("/\($0)") || line.contains("/Apps/\($0.lowercased())/") }
        }
        #expect(warnings.isEmpty, "warnings in the generated code:\n\(warnings.joined(separator: "\n"))")

        // The copy's page audit reads axe-core from this repository's virtualenv: the same pinned
        // files (its venv.sh finds them installed), not a second install from PyPI.
        let venv = package.appendingPathComponent(".build/consumers-venv")
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: venv.path)) == nil {
            try FileManager.default.createDirectory(
                at: venv.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: venv)
            try FileManager.default.createSymbolicLink(
                at: venv, withDestinationURL: ScaffoldRepository.root.appendingPathComponent(".build/consumers-venv"))
        }
        // Only the generated suites, and never this smoke test again inside the copy.
        let generated = "^\(Self.feature)(Entity|Repository|UseCase|Presenter|Factory|App)Tests\\."
        let test = try SmokeShell.run(
            ["swift", "test", "--skip-build", "--filter", generated] + swiftPM, in: package,
            environment: ["STRATA_SKIP_SMOKE": "1"], timeout: 600)
        #expect(test.status == 0, "the generated tests failed:\n\(test.tail)")
        #expect(test.output.contains("Test run with 27 tests"), "expected the 27 generated tests to run:\n\(test.tail)")
        // The pages in Chromium (`Browser.auditPages`): run, not skipped, here where Chromium is installed.
        #expect(
            Self.browserAuditPassed(test.output), "the generated pages' browser audit did not pass:\n\(test.tail)")
        try declared.write(to: manifest)

        var lintNote = "skipped: this strata has no lint command"
        // ArgumentParser answers `--help` even for an unknown subcommand, so look for the command's own usage line.
        if try strata.run(["lint", "--help"]).stdout.contains("USAGE: strata lint") {
            let lint = try SmokeShell.run([strata.executable.path, "lint"], in: package, timeout: 300)
            #expect(lint.status == 0, "strata lint rejects the generated feature:\n\(lint.tail)")
            #expect(
                lint.output.contains(" 0 warning(s)"), "strata lint warns about the generated feature:\n\(lint.tail)")
            lintNote = "exit \(lint.status) in \(format(lint.seconds))"
        }

        // The hand edit goes, so the file is the template's rendering again and `remove` takes it.
        try Data(handEdited.replacingOccurrences(of: Self.handLine, with: "").utf8).write(
            to: package.appendingPathComponent(itemFile))
        try FileManager.default.removeItem(at: package.appendingPathComponent(".strata"))
        for name in [Self.feature] + Self.riskyNames {
            let remove = try strata.run(["remove", name, "--path", package.path])
            #expect(remove.status == 0, "strata remove \(name) failed: \(remove.stderr)")
        }
        let restored = snapshot(package)
        let changed = Set(restored.keys).union(pristine.keys).filter { restored[$0] != pristine[$0] }.sorted()
        #expect(changed.isEmpty, "strata remove did not restore the copy: \(changed.prefix(20))")
        print(
            "smoke: new \(format(newSeconds)), build \(format(build.seconds)), test \(format(test.seconds)), lint \(lintNote)"
        )
    }

    static let handLine = "/// Edited by hand after `strata new`.\n"

    /// Whether a generated feature's test output shows its browser audit run and passed (a skip
    /// for want of Chromium is not a pass).
    static func browserAuditPassed(_ output: String) -> Bool {
        output.split(separator: "\n").contains {
            $0.contains("Test \"every page at 375 and 1440 px") && $0.contains("passed after")
        }
    }

    /// Copies the built-in Feature set into the package, changes one line of the entity's template, edits the
    /// smoke feature's entity elsewhere, and upgrades: the dry run lists exactly the entity of each feature,
    /// merged where it was edited. Returns the merged entity.
    private func upgradeToEditedTemplate(_ package: URL, strata: BinaryRunner, itemFile: String) throws -> String {
        #expect(try strata.run(["templates", "--copy", "Feature", "--path", package.path]).status == 0)
        let template = package.appendingPathComponent(
            ".strata/templates/Feature/files/Modules/__name__/Entity/__name__Item.swift.stencil")
        let text = try String(contentsOf: template, encoding: .utf8)
        let changed = text.replacingOccurrences(
            of: "    /// The item's identifier.\n",
            with: "    /// The item's identifier, set once when it is created.\n")
        try #require(changed != text, "the Feature template's entity no longer has the line this test changes")
        try Data(changed.utf8).write(to: template)
        let item = package.appendingPathComponent(itemFile)
        let generated = try String(contentsOf: item, encoding: .utf8)
        let edited = generated.replacingOccurrences(
            of: "public struct \(Self.feature)Item:", with: Self.handLine + "public struct \(Self.feature)Item:")
        try Data(edited.utf8).write(to: item)
        let dryRun = try strata.run(["upgrade", "--dry-run", "--path", package.path])
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        let listed = dryRun.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { String($0) }.sorted()
        let expected = ([Self.feature] + Self.riskyNames).map { name in
            name == Self.feature
                ? "  merged    \(itemFile)" : "  updated   Modules/\(name)/Entity/\(name)Item.swift"
        }.sorted()
        #expect(listed == expected, "strata upgrade --dry-run:\n\(dryRun.stdout)")
        let upgrade = try strata.run(["upgrade", "--path", package.path])
        #expect(upgrade.status == 0, "strata upgrade failed: \(upgrade.stdout)\(upgrade.stderr)")
        let merged = try String(contentsOf: item, encoding: .utf8)
        #expect(merged.contains(Self.handLine) && merged.contains("set once when it is created"), "\(merged)")
        return merged
    }

    private func snapshot(_ root: URL) -> [String: String] {
        var entries: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            // Build products are not the package: `strata lint` keeps its manifest cache in .build/strata,
            // and the build writes Package.resolved when the copy had none.
            if path == ".build" || path.hasPrefix(".build/") || path == "Package.resolved" { continue }
            let url = root.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            entries[path] =
                isDirectory.boolValue ? "dir" : SHA256.hex(FileManager.default.contents(atPath: url.path) ?? Data())
        }
        return entries
    }

    private func format(_ seconds: Double) -> String { String(format: "%.1fs", seconds) }
}
