import Core
import Foundation
import TestSupport
import Testing

/// What people give `papers import` by mistake, and the one line that says what it is.
@Suite("papers import says what it was given")
struct ImportMessagesTests {
    let papers = BinaryRunner(product: "papers")
    let feed = FixtureFiles.url("arxiv", "search-all-testing-100-entries.xml").path

    /// Input that is not a feed, and the words its one line must hold.
    static let notFeeds: [(name: String, bytes: [UInt8], says: String)] = [
        ("random bytes", (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) | 0x80 }, "is not XML"),
        (
            "a gzip file cut after its header", [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03],
            "is gzip-compressed but damaged or cut short"
        ),
        ("zip", Array("PK\u{3}\u{4}rest".utf8), "is a zip archive"),
        ("JSON", Array(#"[{"papers": []}]"#.utf8), "is JSON, not an arXiv API feed (Atom)"),
        (
            "a JSON object that is no snapshot record", Array(#"{"papers": []}"#.utf8),
            "line 1 is not a snapshot record (no id)"
        ),
        ("an empty file", [], "is empty"),
        ("blank lines", Array("\n\n  \n".utf8), "is empty (or only blank lines)"),
    ]

    @Test("a file that is not XML exits 78 and says what it looks like", arguments: 0..<7)
    func notAFeed(index: Int) throws {
        let (name, bytes, says) = Self.notFeeds[index]
        let directory = try TemporaryDirectory()
        let file = directory.path("input")
        try Data(bytes).write(to: file)
        let result = try papers.run(["import", file.path, "--db", directory.path("p.sqlite").path])
        #expect(result.status == ErrorKind.badData.exitCode, "\(name): \(result.stderr)")
        #expect(result.stderr.contains(says), "\(name): \(result.stderr)")
        #expect(!result.stderr.contains("Document is empty") && !result.stderr.contains("Extra content"))
    }

    @Test("a folder is a usage error that says it is a folder")
    func folder() throws {
        let directory = try TemporaryDirectory()
        let result = try papers.run(["import", directory.url.path, "--db", directory.path("p.sqlite").path])
        #expect(result.status == ErrorKind.usage.exitCode, "\(result.stderr)")
        #expect(result.stderr.contains("is a folder, not an Atom file"), "\(result.stderr)")
    }

    @Test("a version no paper has is named as the version, in a feed and on the command line")
    func version() throws {
        let directory = try TemporaryDirectory()
        let text = try String(contentsOfFile: feed, encoding: .utf8)
        let damaged = directory.path("v.xml")
        try text.replacing(/(<id>https?:\/\/arxiv\.org\/abs\/[0-9.]+)v1</, with: { "\($0.1)v99999999999999999999<" })
            .write(to: damaged, atomically: true, encoding: .utf8)
        let db = ["--db", directory.path("p.sqlite").path]
        let imported = try papers.run(["import", damaged.path] + db)
        #expect(imported.status == ErrorKind.badData.exitCode)
        #expect(imported.stderr.contains("has version 99999999999999999999, which no paper has"), "\(imported.stderr)")
        let shown = try papers.run(["show", "2401.12345v0", "--offline"] + db)
        #expect(shown.status == ErrorKind.usage.exitCode)
        #expect(shown.stderr.contains("2401.12345 has no version 0"), "\(shown.stderr)")
    }

    @Test("three copies of one feed are its papers once, and the repeats are counted as repeats")
    func repeats() throws {
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("p.sqlite").path]
        let dry = try papers.run(["import", "--dry-run", feed, feed, feed] + db)
        #expect(dry.stdout.hasPrefix("100 papers in 3 files (200 repeated entries skipped)"), "\(dry.stdout)")
        let result = try papers.run(["import", feed, feed, feed] + db)
        #expect(
            result.stdout
                == "imported 100 papers from 3 files (200 repeated entries skipped): 100 added, 0 updated, 0 unchanged\n"
        )
        let json = try papers.run(["import", feed, feed, "--format", "json"] + db)
        #expect(json.stdout.contains(#""repeats" : 100"#) || json.stdout.contains(#""repeats":100"#), "\(json.stdout)")
    }
}

@Suite("papers import - reads standard input")
struct ImportStandardInputTests {
    @Test("a feed piped to papers import - is imported like the file")
    func standardInput() throws {
        let directory = try TemporaryDirectory()
        let text = String(decoding: try FixtureFiles.data("arxiv", "search-all-testing-100-entries.xml"), as: UTF8.self)
        let result = try BinaryRunner(product: "papers").run(
            ["import", "-", "--db", directory.path("p.sqlite").path], input: text)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("imported 100 papers from 1 file"), "\(result.stdout)")
    }

    @Test("the metadata snapshot imports gzipped or plain, from a file or piped, with saved OAI-PMH pages beside it")
    func snapshot() throws {
        let directory = try TemporaryDirectory()
        let papers = BinaryRunner(product: "papers")
        let db = ["--db", directory.path("p.sqlite").path]
        let gzipped = FixtureFiles.url("arxiv-snapshot", "sample.jsonl.gz").path
        let page = FixtureFiles.url("arxiv-oai", "listrecords-arXiv-physics-hep-th-2017-12-14.xml").path
        let imported = try papers.run(["import", gzipped, page] + db)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("imported 9 papers from 2 files: 9 added"), "\(imported.stdout)")
        let text = try String(contentsOf: FixtureFiles.url("arxiv-snapshot", "sample.jsonl"), encoding: .utf8)
        let piped = try papers.run(["import", "-"] + db, input: text)
        #expect(
            piped.stdout.hasPrefix("imported 6 papers from 1 file: 0 added, 0 updated, 6 unchanged"), "\(piped.stdout)")
    }
}

@Suite("papers library stats --format json")
struct StatsJSONTests {
    @Test("counts are JSON numbers and dates are days")
    func numbers() throws {
        let directory = try TemporaryDirectory()
        let papers = BinaryRunner(product: "papers")
        let db = ["--db", directory.path("p.sqlite").path]
        let feed = FixtureFiles.url("arxiv", "search-all-testing-100-entries.xml").path
        #expect(try papers.run(["import", feed] + db).status == 0)
        let result = try papers.run(["library", "stats", "--format", "json"] + db)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["papers"] as? Int == 100)
        #expect(object["favourites"] as? Int == 0)
        #expect(object["fetches"] as? Int == 0)
        #expect(object["oldestPublished"] as? String == "2001-03-17")
    }
}
