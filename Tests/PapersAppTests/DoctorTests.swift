import Foundation
import TestSupport
import Testing

@Suite("papers doctor")
struct DoctorTests {
    let papers = BinaryRunner(product: "papers")

    /// A library of the 100 recorded papers.
    func library(_ directory: TemporaryDirectory) throws -> String {
        let path = directory.path("p.sqlite").path
        let feed = FixtureFiles.root.appendingPathComponent("arxiv/search-all-testing-100-entries.xml").path
        let imported = try papers.run(["import", feed, "--db", path])
        try #require(imported.status == 0, "\(imported.stderr)")
        return path
    }

    @Test("a sound library: exit 0 and says so; a missing one is reported, not created")
    func sound() throws {
        let directory = try TemporaryDirectory()
        let db = try library(directory)
        let checked = try papers.run(["doctor", "--db", db])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout == "library: 100 papers\nno damage found\n")
        #expect(try papers.run(["doctor", "--db", db, "--format", "plain"]).stdout.isEmpty)
        let missing = directory.path("none.sqlite").path
        for arguments in [["doctor"], ["doctor", "--fix"]] {
            let answer = try papers.run(arguments + ["--db", missing])
            #expect(answer.status == 66 && answer.stderr.contains("papers import"), "\(answer.stderr)")
            #expect(!FileManager.default.fileExists(atPath: missing))
        }
    }

    @Test("papers cut from the index: found (74, saying what repairs it), fixed with --fix (0), sound after")
    func unindexed() throws {
        let directory = try TemporaryDirectory()
        let db = try library(directory)
        try SQLiteShell.run(
            db,
            """
            INSERT INTO papers_fts(papers_fts, rowid, title, summary, author_names)
            SELECT 'delete', key, title, summary, author_names FROM papers WHERE key <= 3;
            """)
        let found = try papers.run(["doctor", "--db", db])
        #expect(found.status == 74)
        #expect(found.stdout.contains("found: 3 papers missing from the search index"), "\(found.stdout)")
        #expect(found.stderr == "papers: error: the library has 1 problem left; `papers doctor --fix` repairs them\n")
        let plain = try papers.run(["doctor", "--db", db, "--format", "plain"])
        #expect(plain.stdout.hasPrefix("found\tunindexed-papers\t3 papers missing"))
        let fixed = try papers.run(["doctor", "--fix", "--db", db, "--format", "json"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(fixed.stdout.utf8)) as? [String: Any]
        #expect((report?["fixed"] as? [Any])?.count == 1 && (report?["remaining"] as? [Any])?.isEmpty == true)
        #expect(try papers.run(["doctor", "--db", db]).status == 0)
    }

    @Test("a file with damaged pages: 74, the damage named, and --fix leaves the file as it was")
    func damaged() throws {
        let directory = try TemporaryDirectory()
        let db = try library(directory)
        try SQLiteShell.damage(db, count: 4_096, at: 0.6)
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        for arguments in [["doctor"], ["doctor", "--fix"]] {
            let answer = try papers.run(arguments + ["--db", db])
            #expect(answer.status == 74, "\(answer.stdout)\(answer.stderr)")
            #expect(answer.stderr.contains("damaged"), "\(answer.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }
}
