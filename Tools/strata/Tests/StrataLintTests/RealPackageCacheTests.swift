import Foundation
import StrataTestSupport
import Testing

@testable import StrataLint

/// The five real packages the lint benches use, where this machine has them: the same findings
/// with the source cache off, cold, warm, partly stale, on one core or all.
///
/// They are too large to keep in the repository (swift-package-manager alone has 1,784 Swift
/// files), so the test runs where they are: `STRATA_REAL_PACKAGES_DIR/<name>` (folders), else
/// the git mirrors `lint-real.sh` exports from. Elsewhere (a fresh clone in CI) it is skipped
/// and says so; the reduced real packages among the lint fixtures (hummingbird-network,
/// isowords-zlib, tca-macros, vapor-macros) are checked the same way everywhere.
@Suite("source cache on real packages")
struct RealPackageCacheTests {
    /// Where a package comes from: a folder, or a git directory and a revision to export.
    struct Source: Sendable, CustomTestStringConvertible {
        var name: String
        var git: String
        var revision: String

        var testDescription: String { name }

        /// The folder given by `STRATA_REAL_PACKAGES_DIR`, if set.
        var folder: URL? {
            ProcessInfo.processInfo.environment["STRATA_REAL_PACKAGES_DIR"].map {
                URL(fileURLWithPath: $0).appendingPathComponent(name)
            }
        }

        var isAvailable: Bool {
            if let folder {
                return FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
            }
            return FileManager.default.fileExists(atPath: git)
        }

        /// A copy of the package in `directory`.
        func export(to directory: URL) throws -> URL {
            let root = directory.appendingPathComponent(name)
            if let folder {
                try FileManager.default.copyItem(at: folder, to: root)
            } else {
                try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = [
                    "-c", "git --git-dir=\"$0\" archive \"$1\" | tar -x -C \"$2\"", git, revision, root.path,
                ]
                try process.run()
                process.waitUntilExit()
                try #require(process.terminationStatus == 0, "git archive of \(git) \(revision)")
            }
            return root
        }
    }

    /// The packages of Tools/Scripts/benches/lint-real.sh.
    static let packages = [
        Source(name: "isowords", git: "/work/.mirror/pointfreeco+isowords/repo", revision: "HEAD"),
        Source(
            name: "swift-composable-architecture", git: "/work/.mirror/pointfreeco+swift-composable-architecture/repo",
            revision: "HEAD"),
        Source(
            name: "swift-package-manager", git: "/work/.mirror/swiftlang+swift-package-manager/repo", revision: "HEAD"),
        Source(name: "vapor", git: "/opt/swift-packages/vapor/vapor.git", revision: "4.122.3"),
        Source(name: "hummingbird", git: "/opt/swift-packages/hummingbird-project/hummingbird.git", revision: "2.28.1"),
    ]

    @Test(
        "a real package: the same findings with the cache off, cold, warm, partly stale, on one core or all",
        .enabled(
            if: packages.allSatisfy(\.isAvailable),
            "the five real packages are not on this machine (set STRATA_REAL_PACKAGES_DIR, or see lint-real.sh's mirrors)"
        ),
        arguments: packages)
    func realPackage(source: Source) throws {
        let directory = try TemporaryDirectory()
        let root = try source.export(to: directory.url)
        try? FileManager.default.removeItem(at: root.appendingPathComponent("strata.yml"))
        // The rules `strata init` proposes, without their baseline: every finding is reported, as in lint-real.sh.
        let rules = try Initializer.propose(packageDirectory: root).rules.split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .filter { !$0.hasPrefix("baseline:") }.joined(separator: "\n")
        try Data(rules.utf8).write(to: root.appendingPathComponent("strata.yml"))
        let lines = try CacheModes(options: LintOptions(packageDirectory: root)).expectSameFindings().lines
        #expect(lines.count > 1, "\(source.name) has findings to compare")
    }
}
