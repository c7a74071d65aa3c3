import Foundation
import StrataTestSupport
import Testing

/// The source cache under `.build/strata`, through the built binary: two lints at once, the
/// promises of `--no-cache` and `--fix --dry-run`, and a `.build` that cannot be written.
@Suite("strata lint's source cache, end to end")
struct SourceCacheCLITests {
    let strata = BinaryRunner(product: "strata")

    /// A copy of the `layers` fixture with `extra` more files in ShopEntity, so a run takes long
    /// enough for two to overlap.
    func package(extra: Int) throws -> (TemporaryDirectory, URL) {
        let directory = try TemporaryDirectory()
        let root = directory.path("layers")
        try FileManager.default.copyItem(at: StrataCLITests.fixtures.appendingPathComponent("layers"), to: root)
        // Other tests lint the fixture where it lies, which leaves caches in its .build: not this copy's.
        try? FileManager.default.removeItem(at: root.appendingPathComponent(".build"))
        for index in 0..<extra {
            try Data(
                "import Core\n\n/// Generated \(index).\npublic struct Generated\(index): Sendable { var value = \(index) }\n"
                    .utf8
            )
            .write(to: root.appendingPathComponent("Sources/ShopEntity/Generated\(index).swift"))
        }
        return (directory, root)
    }

    func lint(_ root: URL, _ extra: [String] = []) throws -> BinaryRunner.Result {
        try strata.run(
            ["lint", "--path", root.path, "--package-json", root.appendingPathComponent("package.json").path] + extra,
            timeout: 120)
    }

    /// The cache files (and anything else) under the package's `.build/strata`.
    func cacheFolder(_ root: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(".build/strata").path)) ?? [])
            .sorted()
    }

    @Test("two lints at once in one package leave a whole cache: the next run parses nothing and reports the same")
    func twoAtOnce() throws {
        let (directory, root) = try package(extra: 600)
        defer { _ = directory }
        let expected = try lint(root, ["--no-cache"])
        #expect(expected.status == 1 && expected.stdout.contains(": error: "))
        for round in 0..<4 {
            // Even rounds start cold, odd ones after an edit: both processes parse and write each time.
            if round % 2 == 0 {
                try? FileManager.default.removeItem(at: root.appendingPathComponent(".build"))
            } else {
                try Data("import Core // round \(round)\n".utf8).write(
                    to: root.appendingPathComponent("Sources/ShopEntity/Generated0.swift"))
            }
            let runs = Runs()
            DispatchQueue.concurrentPerform(iterations: 2) { index in runs.set(index, Result { try lint(root) }) }
            for run in try runs.all() {
                #expect(run.status == expected.status, "\(run.stderr)")
                #expect(run.stdout == expected.stdout)
            }
            let after = try lint(root)
            #expect(after.stdout == expected.stdout)
            #expect(after.stderr.contains("(0 parsed)"), "round \(round): \(after.stderr)")
            #expect(cacheFolder(root).count == 1, "round \(round): \(cacheFolder(root))")
        }
    }

    @Test("--no-cache parses every file and writes no cache; a plain run writes one and then parses nothing")
    func noCache() throws {
        let (directory, root) = try package(extra: 3)
        defer { _ = directory }
        let off = try lint(root, ["--no-cache"])
        #expect(off.stderr.contains("(8 parsed)"), "\(off.stderr)")
        #expect(cacheFolder(root).isEmpty)
        let cold = try lint(root)
        #expect(cold.stderr.contains("(8 parsed)"), "\(cold.stderr)")
        #expect(cacheFolder(root).contains { $0.hasPrefix("sources-") })
        let warm = try lint(root)
        #expect(warm.stderr.contains("(0 parsed)"), "\(warm.stderr)")
        #expect(off.stdout == cold.stdout && cold.stdout == warm.stdout)
    }

    @Test("--fix --dry-run writes no source cache")
    func dryRunWritesNoCache() throws {
        let (directory, root) = try package(extra: 0)
        defer { _ = directory }
        try FileManager.default.removeItem(at: root.appendingPathComponent("package.json"))
        let run = try strata.run(["lint", "--fix", "--dry-run", "--path", root.path], timeout: 120)
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        #expect(!cacheFolder(root).contains { $0.hasPrefix("sources-") }, "\(cacheFolder(root))")
    }

    @Test("a .build that cannot be written costs only speed: same report, no warning")
    func unwritableBuildFolder() throws {
        let (directory, root) = try package(extra: 3)
        defer { _ = directory }
        let expected = try lint(root, ["--no-cache"])
        // A file where the folder should be: no user, root included, can write below it.
        try Data("not a folder".utf8).write(to: root.appendingPathComponent(".build"))
        for _ in 0..<2 {
            let run = try lint(root)
            #expect(run.status == expected.status && run.stdout == expected.stdout)
            #expect(run.stderr.split(separator: "\n").count == 1, "only the summary line: \(run.stderr)")
            #expect(run.stderr.contains("(8 parsed)"), "\(run.stderr)")
        }
    }
}

/// The results of the two concurrent runs.
private final class Runs: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: Result<BinaryRunner.Result, any Error>] = [:]

    func set(_ index: Int, _ result: Result<BinaryRunner.Result, any Error>) {
        lock.withLock { results[index] = result }
    }

    func all() throws -> [BinaryRunner.Result] {
        try lock.withLock { try results.keys.sorted().compactMap { try results[$0]?.get() } }
    }
}
