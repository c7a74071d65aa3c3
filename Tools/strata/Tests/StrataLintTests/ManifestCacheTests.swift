import Foundation
import StrataTestSupport
import Testing

@testable import StrataLint

/// The manifest cache: a hit runs no evaluation; anything the dump depends on changing is a miss.
@Suite("Manifest cache")
struct ManifestCacheTests {
    /// A copy of the `clean` fixture, so the cache and edits stay out of the repository.
    let directory: TemporaryDirectory
    let package: URL
    let savedDump: Data

    init() throws {
        directory = try TemporaryDirectory()
        package = directory.path("clean")
        try FileManager.default.copyItem(at: Fixture(name: "clean").url, to: package)
        // The fixture may hold caches an in-place lint of another test left: not the copy's.
        try? FileManager.default.removeItem(at: package.appendingPathComponent(".build"))
        savedDump = try Data(contentsOf: package.appendingPathComponent("package.json"))
    }

    /// Evaluations counted: each one stands for a `swift package dump-package` run.
    final class Counter: @unchecked Sendable {
        var runs = 0
    }

    func load(_ cache: ManifestCache, _ counter: Counter) throws -> (data: Data, hit: Bool) {
        try cache.dump(
            evaluate: {
                counter.runs += 1
                return savedDump
            },
            // As the graph loader does: an entry that is not a dump is a miss.
            accept: { (try? JSONDecoder().decode(Manifest.self, from: $0)) != nil })
    }

    var environment: [String: String] { ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"] }

    @Test("an unchanged manifest is answered from the cache without evaluating it")
    func hit() throws {
        let cache = ManifestCache(packageDirectory: package, environment: environment)
        let counter = Counter()
        let first = try load(cache, counter)
        #expect(!first.hit && counter.runs == 1)
        let second = try load(cache, counter)
        #expect(second.hit && counter.runs == 1)
        #expect(second.data == savedDump)
        #expect(FileManager.default.fileExists(atPath: package.appendingPathComponent(".build/strata").path))
    }

    @Test("an edit to Package.swift, a new Package@swift-*.swift or another environment misses")
    func misses() throws {
        let counter = Counter()
        _ = try load(ManifestCache(packageDirectory: package, environment: environment), counter)
        let manifest = package.appendingPathComponent("Package.swift")
        try (String(contentsOf: manifest, encoding: .utf8) + "// edited\n").write(
            to: manifest, atomically: true, encoding: .utf8)
        #expect(try !load(ManifestCache(packageDirectory: package, environment: environment), counter).hit)
        #expect(counter.runs == 2)
        try "// swift-tools-version: 6.0\n".write(
            to: package.appendingPathComponent("Package@swift-6.0.swift"), atomically: true, encoding: .utf8)
        #expect(try !load(ManifestCache(packageDirectory: package, environment: environment), counter).hit)
        var other = environment
        other["STRATA_FLAVOUR"] = "server"
        #expect(try !load(ManifestCache(packageDirectory: package, environment: other), counter).hit)
        #expect(counter.runs == 4)
        // Terminal variables are not part of the key: the entry of `environment` answers.
        other = environment
        other["COLUMNS"] = "80"
        #expect(try load(ManifestCache(packageDirectory: package, environment: other), counter).hit)
        #expect(counter.runs == 4)
    }

    @Test("two environments in turn both hit; only the newest entries are kept")
    func environments() throws {
        let counter = Counter()
        var plugin = environment
        plugin["SWIFTPM_PLUGIN"] = "1"
        for _ in 0..<2 {
            _ = try load(ManifestCache(packageDirectory: package, environment: environment), counter)
            _ = try load(ManifestCache(packageDirectory: package, environment: plugin), counter)
        }
        #expect(counter.runs == 2)
        for index in 0..<ManifestCache.capacity + 2 {
            var other = environment
            other["FLAVOUR"] = "\(index)"
            _ = try load(ManifestCache(packageDirectory: package, environment: other), counter)
        }
        let entries = try FileManager.default.contentsOfDirectory(
            atPath: package.appendingPathComponent(".build/strata").path)
        #expect(entries.count == ManifestCache.capacity)
    }

    @Test("a corrupt entry is ignored and rewritten")
    func corrupt() throws {
        let cache = ManifestCache(packageDirectory: package, environment: environment)
        let counter = Counter()
        _ = try load(cache, counter)
        let entryURL = try #require(cache.entryURL)
        let entry = try Data(contentsOf: entryURL)
        try entry.prefix(entry.count - 40).write(to: entryURL)
        #expect(try !load(cache, counter).hit)
        #expect(try Data(contentsOf: entryURL) == entry)
        try Data("garbage".utf8).write(to: entryURL)
        #expect(try !load(cache, counter).hit)
        #expect(try load(cache, counter).hit)
        #expect(counter.runs == 3)
    }

    @Test("lint caches SwiftPM's evaluation, even of a declarative manifest, unless told not to")
    func linter() throws {
        var options = LintOptions(packageDirectory: package)
        let entry = try #require(ManifestCache(packageDirectory: package).entryURL)
        let first = try Linter.run(options)
        #expect(first.statistics.manifestSource == .evaluated)
        #expect(FileManager.default.fileExists(atPath: entry.path))
        let second = try Linter.run(options)
        #expect(second.statistics.manifestSource == .cached)
        #expect(second.compact == first.compact)
        options.reading.cache = false
        #expect(try Linter.run(options).statistics.manifestSource == .evaluated)
    }
}
