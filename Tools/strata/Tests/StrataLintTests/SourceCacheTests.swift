import Foundation
import StrataTestSupport
import Testing

@testable import StrataLint

/// The source cache: what it keeps is what the reader finds, the findings are the same whatever
/// it holds, and anything in it that is not exactly right is ignored.
@Suite("source cache")
struct SourceCacheTests {
    /// Every Swift file of this repository's sources and of the lint fixtures.
    static func swiftFiles() -> [URL] {
        [
            Fixture.repository.appendingPathComponent("Sources"),
            Monorepo.toolPackage.appendingPathComponent("Sources"),
            Fixture.root,
        ].flatMap { folder in
            FileSystem.files(below: folder.path).filter { $0.hasSuffix(".swift") }.map {
                folder.appendingPathComponent($0)
            }
        }
    }

    @Test("the facts of every file come back from their bytes as they were, strings or not")
    func roundTrip() throws {
        let files = Self.swiftFiles()
        #expect(files.count > 150)
        let reader = SwiftFileReader(builds: Builds(modules: ["Core"]), watchedNames: ["Date", "FileManager", "print"])
        var withStrings = 0
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            for strings in [false, true] {
                let facts = reader.read(source, strings: strings)
                let decoded = try facts.encoded().withUnsafeBytes { try SourceFacts(decoding: $0) }
                #expect(decoded == facts, "\(file.path)")
                if !facts.strings.isEmpty { withStrings += 1 }
            }
        }
        #expect(withStrings > 100)
    }

    @Test("bytes cut short or followed by more do not decode")
    func damagedFacts() throws {
        let facts = SwiftFileReader().read("import Foundation\nstruct A: Equatable { var b = \"c\" }\n", strings: true)
        let bytes = facts.encoded()
        for cut in 0..<bytes.count {
            #expect(throws: ByteReader.Damaged.self) {
                try Array(bytes[..<cut]).withUnsafeBytes { try SourceFacts(decoding: $0) }
            }
        }
        #expect(throws: ByteReader.Damaged.self) { try (bytes + [0]).withUnsafeBytes { try SourceFacts(decoding: $0) } }
    }

    @Test("one changed byte changes the fingerprint; the same bytes give the same one")
    func fingerprint() {
        let text = Array("import Foundation\n/// A file of some length, to cover words and a tail.\n".utf8)
        let base = text.withUnsafeBytes { Fingerprint($0) }
        #expect(text.withUnsafeBytes { Fingerprint($0) } == base)
        for index in text.indices {
            var changed = text
            changed[index] ^= 1
            #expect(changed.withUnsafeBytes { Fingerprint($0) } != base, "byte \(index)")
        }
        #expect((text + [0]).withUnsafeBytes { Fingerprint($0) } != base)
        #expect(Array(text.dropLast()).withUnsafeBytes { Fingerprint($0) } != base)
    }

    @Test("this repository: the same findings with the cache off, cold, warm, partly stale, on one core or all")
    func repository() throws {
        // The repository lints clean: its report is empty, so the facts of its files carry the comparison.
        let files = try CacheModes(options: LintOptions(packageDirectory: Fixture.repository)).expectSameFindings()
            .files
        #expect(files > 300)
    }

    @Test(
        "each lint fixture: the same findings with the cache off, cold, warm, partly stale, on one core or all",
        arguments: [
            "clean", "cycle", "features", "forbidden", "hummingbird-network", "imports", "isowords-zlib", "layers",
            "shape", "tca-macros", "vapor-macros",
        ])
    func fixture(name: String) throws {
        try CacheModes(options: Fixture(name: name).options()).expectSameFindings()
    }

    /// A copy of the `layers` fixture with a file `Planted.swift` in ShopEntity holding `text`.
    func plantedCopy(_ text: String) throws -> (TemporaryDirectory, CacheModes, URL) {
        let directory = try TemporaryDirectory()
        let root = directory.path("layers")
        try FileManager.default.copyItem(at: Fixture(name: "layers").url, to: root)
        // The fixture may hold caches an in-place lint of another test left: not the copy's.
        try? FileManager.default.removeItem(at: root.appendingPathComponent(".build"))
        let planted = root.appendingPathComponent("Sources/ShopEntity/Planted.swift")
        try Data(text.utf8).write(to: planted)
        let options = LintOptions(
            packageDirectory: root, rulesFile: root.appendingPathComponent("strata.yml"),
            packageJSON: root.appendingPathComponent("package.json"))
        return (directory, CacheModes(options: options), planted)
    }

    @Test(
        "a file edited to other bytes of the same length, its time put back, is read again, stamped or not",
        arguments: [false, true])
    func sameLengthSameTime(stampingAll: Bool) throws {
        let (directory, modes, planted) = try plantedCopy("import Core       \n")
        let cache = directory.path("cache")
        _ = try modes.run(cache: cache, stampingAll: stampingAll)
        let warm = try modes.run(cache: cache, stampingAll: stampingAll)
        // Stamped, the second run opens no file; else it opens every one, all written moments ago.
        #expect(warm.statistics.opened == (stampingAll ? 0 : warm.statistics.files))
        #expect(!warm.compact.contains { $0.contains("ShopEntity->ShopUseCase") })
        let time = try FileManager.default.attributesOfItem(atPath: planted.path)[.modificationDate]
        try Data("import ShopUseCase\n".utf8).write(to: planted)
        try FileManager.default.setAttributes([.modificationDate: time as Any], ofItemAtPath: planted.path)
        let edited = try modes.run(cache: cache, stampingAll: stampingAll)
        #expect(edited.statistics.opened == (stampingAll ? 1 : edited.statistics.files))
        #expect(edited.statistics.parsed == 1)
        #expect(edited.compact.contains("Sources/ShopEntity/Planted.swift:1:8 layer-import ShopEntity->ShopUseCase"))
        #expect(try CacheModes.lines(edited) == CacheModes.lines(try modes.run(cache: nil)))
    }

    @Test("entries of imports alone (no rule read more) never serve a run whose rules read declarations")
    func importsAloneThenDeclarations() throws {
        let (directory, modes, _) = try plantedCopy("import Core\nstruct Planted {}\n")
        let cache = directory.path("cache")
        _ = try modes.run(cache: cache, stampingAll: true)
        let warm = try modes.run(cache: cache, stampingAll: true)
        #expect(warm.statistics.opened == 0 && !warm.compact.contains { $0.contains("missing-type") })
        let root = modes.options.packageDirectory
        let rules = try String(contentsOf: root.appendingPathComponent("strata.yml"), encoding: .utf8)
            .replacingOccurrences(
                of: "    may_use: [core]\n", with: "    may_use: [core]\n    requires: [Planted, Absent]\n")
        let declaring = root.appendingPathComponent("declaring.yml")
        try Data(rules.utf8).write(to: declaring)
        var options = modes.options
        options.rulesFile = declaring
        let read = try CacheModes(options: options).run(cache: cache, stampingAll: true)
        // Every file is parsed again for its declarations: Planted is found, Absent is missing.
        #expect(read.statistics.parsed == read.statistics.files)
        #expect(read.compact.contains { $0.contains("missing-type") && $0.contains("Absent") }, "\(read.compact)")
        #expect(!read.compact.contains { $0.contains("Planted") }, "\(read.compact)")
    }

    @Test("a file changed moments ago is not stamped: every run opens it until it has been left alone")
    func unsettledNotStamped() throws {
        let (directory, modes, _) = try plantedCopy("import Core\n")
        let cache = directory.path("cache")
        // Every file of the copy was just written, so none has settled.
        let first = try modes.run(cache: cache)
        let second = try modes.run(cache: cache)
        #expect(second.statistics.parsed == 0)
        #expect(second.statistics.opened == first.statistics.files)
        let bytes = try #require(FileSystem.contents(of: try CacheModes.cacheFile(in: cache).path))
        let (written, _) = try CacheModes.entries(of: try CacheModes.cacheFile(in: cache))
        #expect(try written.contents(of: bytes).stamps.isEmpty)
    }

    @Test("a cache file from a newer strata whose entries lie is ignored, never trusted, and rewritten")
    func newerVersionLies() throws {
        let (directory, modes, _) = try plantedCopy("import Core\n")
        let folder = directory.path("cache")
        let expected = try CacheModes.lines(try modes.run(cache: folder))
        let file = try CacheModes.cacheFile(in: folder)
        let (cache, entries) = try CacheModes.entries(of: file)
        // Each entry, under its true key, says the file imports Hummingbird.
        let lie = SourceFacts(imports: [ImportStatement(module: "Hummingbird", line: 1, column: 8)]).encoded()
        let newer = Array(
            String(decoding: cache.context, as: UTF8.self).replacingOccurrences(
                of: "strata \(StrataVersion.current)\n", with: "strata 99.0.0\n"
            ).utf8)
        #expect(newer != cache.context)
        let forged = SourceCache(folder: folder, context: newer, writes: true)
        try Data(forged.encode(entries.map { ($0.key, lie[...]) })).write(to: file)
        // The same lie under this strata's own context is taken: what makes the test above able to fail.
        try Data(cache.encode(entries.map { ($0.key, lie[...]) })).write(to: directory.path("trusted.cache"))
        #expect(
            try cache.index(of: #require(FileSystem.contents(of: directory.path("trusted.cache").path))).count
                == entries.count)

        let result = try modes.run(cache: folder)
        #expect(try CacheModes.lines(result) == expected)
        #expect(result.statistics.parsed == result.statistics.files)
        #expect(!result.compact.contains { $0.contains("Hummingbird") })
        #expect(try CacheModes.entries(of: file).0.context == cache.context)
        #expect(try modes.run(cache: folder).statistics.parsed == 0)
    }

    @Test(
        "a truncated, damaged, foreign or empty cache file is ignored and rewritten",
        arguments: ["truncated", "flipped", "foreign", "empty", "header only"])
    func damagedFile(damage: String) throws {
        let (directory, modes, _) = try plantedCopy("import Core\n")
        let folder = directory.path("cache")
        let expected = try CacheModes.lines(try modes.run(cache: folder))
        let file = try CacheModes.cacheFile(in: folder)
        var bytes = try #require(FileSystem.contents(of: file.path))
        switch damage {
        case "truncated": bytes.removeLast(bytes.count / 3)
        case "flipped": bytes[bytes.count - 5] ^= 0x40
        case "foreign": bytes = Array("{\"not\": \"a strata cache\"}\n".utf8)
        case "empty": bytes = []
        default: bytes = Array(bytes[..<(SourceCache.magic.count + 8)])
        }
        try Data(bytes).write(to: file)
        let result = try modes.run(cache: folder)
        #expect(try CacheModes.lines(result) == expected)
        #expect(result.statistics.parsed == result.statistics.files)
        #expect(try CacheModes.entries(of: file).1.count == result.statistics.files)
    }

    @Test("a cache folder that cannot be written costs only the parse: same findings, no error, nothing written")
    func unwritable() throws {
        let (directory, modes, _) = try plantedCopy("import Core\n")
        // A file where the folder should be: no user, root included, can create the folder.
        try Data("not a folder".utf8).write(to: directory.path("build"))
        let folder = directory.path("build/strata")
        let expected = try CacheModes.lines(try modes.run(cache: nil))
        for _ in 0..<2 {
            let result = try modes.run(cache: folder)
            #expect(try CacheModes.lines(result) == expected)
            #expect(result.statistics.parsed == result.statistics.files)
        }
    }

    @Test("a read-only use takes what the cache holds and writes nothing")
    func readOnly() throws {
        let (directory, modes, planted) = try plantedCopy("import Core\n")
        let folder = directory.path("cache")
        _ = try modes.run(cache: folder, use: .readOnly)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        _ = try modes.run(cache: folder)
        let file = try CacheModes.cacheFile(in: folder)
        let before = try Data(contentsOf: file)
        try Data("import Core // edited\n".utf8).write(to: planted)
        let result = try modes.run(cache: folder, use: .readOnly)
        #expect(result.statistics.parsed == 1)
        #expect(try Data(contentsOf: file) == before)
    }

    @Test("a run of a few files (--changed) keeps the other files' entries")
    func partialRun() throws {
        let (directory, modes, planted) = try plantedCopy("import Core\n")
        let folder = directory.path("cache")
        let whole = try modes.run(cache: folder)
        try Data("import Core // edited\n".utf8).write(to: planted)
        var options = modes.options
        options.changedFiles = ["Sources/ShopEntity/Planted.swift"]
        options.sourceCache = .readWrite
        options.cacheDirectory = folder
        #expect(try Linter.run(options).statistics.parsed == 1)
        #expect(try CacheModes.entries(of: try CacheModes.cacheFile(in: folder)).1.count == whole.statistics.files + 1)
        #expect(try modes.run(cache: folder).statistics.parsed == 0)
    }
}
