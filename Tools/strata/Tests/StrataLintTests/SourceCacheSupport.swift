import Foundation
import StrataTestSupport
import Testing

@testable import StrataLint

/// Lints one package in every way the source cache can be met, and compares the report line by line.
struct CacheModes {
    /// The options of the package, the cache off.
    let options: LintOptions

    /// The text report of a run, one line per element.
    static func lines(_ result: LintResult) throws -> [String] {
        try Reporter.render(result, format: .text, baselinePath: result.rules.baseline).split(
            separator: "\n", omittingEmptySubsequences: false
        ).map(String.init)
    }

    /// A run with the cache in `folder` (off when nil), on every core or on one thread; with
    /// `stampingAll`, the stamp of every file is recorded, however recently it was written.
    func run(
        cache folder: URL?, use: SourceCache.Use = .readWrite, parallel: Bool = true, stampingAll: Bool = false
    ) throws -> LintResult {
        var options = options
        options.sourceCache = folder == nil ? .off : use
        options.cacheDirectory = folder
        options.parallel = parallel
        if stampingAll { options.settleNanoseconds = -3_600_000_000_000 }
        return try Linter.run(options)
    }

    /// The one cache file in `folder`.
    static func cacheFile(in folder: URL) throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("sources-") && $0.hasSuffix(".cache")
        }
        try #require(names.count == 1, "one cache file in \(folder.path): \(names)")
        return folder.appendingPathComponent(names[0])
    }

    /// The cache that wrote `file`, and the entries it holds.
    static func entries(of file: URL) throws -> (SourceCache, [(key: SourceCache.Key, facts: ArraySlice<UInt8>)]) {
        let bytes = try #require(FileSystem.contents(of: file.path))
        let cache = SourceCache(
            folder: file.deletingLastPathComponent(), context: try SourceCache.context(ofFile: bytes), writes: true)
        let index = try cache.index(of: bytes)
        return (cache, index.sorted { $0.value.lowerBound < $1.value.lowerBound }.map { ($0.key, bytes[$0.value]) })
    }

    /// Lints with the cache off, cold, warm, partly stale, and on one thread, and expects the
    /// report and the facts read of each to be the ones with the cache off, and each run to parse
    /// what it should. Returns the report and the number of files.
    @discardableResult
    func expectSameFindings(sourceLocation: SourceLocation = #_sourceLocation) throws -> (lines: [String], files: Int) {
        let reference = try run(cache: nil)
        let expected = try Self.lines(reference)
        let files = reference.statistics.files
        #expect(reference.statistics.parsed == files, sourceLocation: sourceLocation)
        let folder = try TemporaryDirectory()
        func expectRun(
            _ name: String, parallel: Bool = true, stampingAll: Bool = false, opened: Int? = nil,
            parsed: (Int) -> Bool
        ) throws {
            let result = try run(cache: folder.url, parallel: parallel, stampingAll: stampingAll)
            if let opened {
                #expect(result.statistics.opened == opened, "\(name): files opened", sourceLocation: sourceLocation)
            }
            #expect(try Self.lines(result) == expected, "\(name)", sourceLocation: sourceLocation)
            #expect(result.statistics.files == files, "\(name)", sourceLocation: sourceLocation)
            // What every check reads, file by file: the same facts give the same findings under any rules.
            #expect(result.files == reference.files, "\(name)", sourceLocation: sourceLocation)
            #expect(
                parsed(result.statistics.parsed), "\(name): \(result.statistics.parsed) of \(files) parsed",
                sourceLocation: sourceLocation)
        }
        // Each mode once, as few full parses as cover them (debug builds parse slowly): cold on
        // one thread, warm on every core and on one, partly stale; off on every core was the reference.
        try expectRun("cold, one thread", parallel: false) { $0 == files }
        try expectRun("warm") { $0 == 0 }
        try expectRun("warm, one thread", parallel: false) { $0 == 0 }
        let (cache, entries) = try Self.entries(of: try Self.cacheFile(in: folder.url))
        // Partly stale: every other entry is gone; the files they held are parsed again, the rest taken.
        cache.store(entries.enumerated().filter { $0.offset % 2 == 0 }.map(\.element))
        let dropped = entries.count / 2
        try expectRun("partly stale") { files == 0 || ($0 >= dropped && $0 < files) }
        try expectRun("warm again") { $0 == 0 }
        // Stamped: the first run records every file's stamp, the next opens none of them.
        try expectRun("warm, stamping", stampingAll: true) { $0 == 0 }
        try expectRun("warm, stamped", stampingAll: true, opened: 0) { $0 == 0 }
        try expectRun("warm, stamped, one thread", parallel: false, opened: 0) { $0 == 0 }
        return (expected, files)
    }
}
