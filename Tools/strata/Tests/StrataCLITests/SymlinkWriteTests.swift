import Foundation
import StrataTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Files strata replaces through a symbolic link: written at the link's target with the target's
/// mode, the link kept; a target outside the package refused. Never a world-writable file.
@Suite("writing through symbolic links (end to end)")
struct SymlinkWriteTests {
    let strata = BinaryRunner(product: "strata")

    static func mode(_ url: URL) -> (kind: mode_t, permissions: mode_t) {
        var status = stat()
        lstat(url.path, &status)
        return (status.st_mode & S_IFMT, status.st_mode & 0o7777)
    }

    /// Moves `file` to `target` and leaves a symbolic link reading `destination` at `file`; gives `target` `mode`.
    static func link(_ file: URL, movedTo target: URL, as destination: String, mode: mode_t) throws {
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: file, to: target)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: destination)
        chmod(target.path, mode)
    }

    @Test("lint --fix on a Package.swift linked to a file in the package edits the target, keeps its mode and the link")
    func fixThroughLinkInside() throws {
        let directory = try TemporaryDirectory()
        let package = try LintFixTests().shelf(directory)
        let manifest = package.appendingPathComponent("Package.swift")
        let real = package.appendingPathComponent("Manifests/Package.swift")
        try Self.link(manifest, movedTo: real, as: "Manifests/Package.swift", mode: 0o640)

        let fix = try strata.run(["lint", "--fix", "--path", package.path], timeout: 120)
        #expect(fix.status == 0, "\(fix.stdout) \(fix.stderr)")
        #expect(Self.mode(manifest).kind == S_IFLNK, "the link became a regular file")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: manifest.path) == "Manifests/Package.swift")
        #expect(Self.mode(real) == (S_IFREG, 0o640))
        #expect(
            try String(contentsOf: real, encoding: .utf8).contains(#".target(name: "Model", dependencies: ["Core"])"#))
        // No temporary file is left beside either.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: real.deletingLastPathComponent().path) == [
                "Package.swift"
            ])
    }

    @Test("lint --fix on a Package.swift linked outside the package is refused in one line (exit 67); nothing changes")
    func fixThroughLinkOutside() throws {
        let directory = try TemporaryDirectory()
        let package = try LintFixTests().shelf(directory)
        let manifest = package.appendingPathComponent("Package.swift")
        let outside = directory.path("shared-Package.swift")
        try Self.link(manifest, movedTo: outside, as: outside.path, mode: 0o644)
        let before = try Data(contentsOf: outside)

        let fix = try strata.run(["lint", "--fix", "--path", package.path], timeout: 120)
        #expect(fix.status == 67, "\(fix.stdout) \(fix.stderr)")
        let errors = fix.stderr.split(separator: "\n").filter { $0.hasPrefix("strata: error:") }
        #expect(errors.count == 1 && errors[0].contains("Package.swift is a symbolic link to"), "\(fix.stderr)")
        #expect(errors.first?.contains("outside the package") == true, "\(fix.stderr)")
        #expect(Self.mode(manifest).kind == S_IFLNK)
        #expect(try Data(contentsOf: outside) == before)
        #expect(Self.mode(outside) == (S_IFREG, 0o644))
    }

    @Test("init --force and lint --write-baseline write through links too, keeping the target's mode")
    func everyWriterFollowsTheRule() throws {
        let directory = try TemporaryDirectory()
        let package = try LintFixTests().shelf(directory)
        // strata.yml linked to a file in the package: init --force replaces its text, not the link.
        let rules = package.appendingPathComponent("strata.yml")
        let realRules = package.appendingPathComponent("config/rules.yml")
        try Self.link(rules, movedTo: realRules, as: "config/rules.yml", mode: 0o600)
        let initRun = try strata.run(["init", "--force", "--path", package.path], timeout: 120)
        #expect(initRun.status == 0, "\(initRun.stdout) \(initRun.stderr)")
        #expect(Self.mode(rules).kind == S_IFLNK)
        #expect(Self.mode(realRules) == (S_IFREG, 0o600))

        // A baseline named through a link.
        let baseline = directory.path("baseline.json")
        let realBaseline = directory.path("real-baseline.json")
        try Data("[]\n".utf8).write(to: realBaseline)
        chmod(realBaseline.path, 0o640)
        try FileManager.default.createSymbolicLink(atPath: baseline.path, withDestinationPath: realBaseline.path)
        let write = try strata.run(["lint", "--write-baseline", baseline.path, "--path", package.path], timeout: 120)
        #expect(write.status == 0, "\(write.stderr)")
        #expect(Self.mode(baseline).kind == S_IFLNK)
        #expect(Self.mode(realBaseline) == (S_IFREG, 0o640))
    }
}
