import Core
import Database
import Foundation
import PapersEntity
import PapersRepository
import TestSupport
import Testing

/// `checkHealth`: each kind of damage is found by the check, repaired by a fix, and gone after it.
@Suite("Checking and repairing the library")
struct LibraryHealthTests {
    /// A library of the 100 recorded papers, one of them a favourite, and its database.
    func library() async throws -> (SQLitePaperLibrary, AppDatabase, [Paper]) {
        let database = try AppDatabase.inMemory(migrator: PapersSchema.migrator)
        let library = SQLitePaperLibrary(database: database)
        let papers = try AtomFeedParser().page(
            try Feeds.fixture("search-all-testing-100-entries.xml"), source: "fixture"
        ).papers
        try await library.save(papers)
        _ = try await library.setFavourite(id: papers[0].id, true, at: Date(timeIntervalSince1970: 1_700_000_000))
        return (library, database, papers)
    }

    @Test("a sound library has no problem, checked or fixed")
    func sound() async throws {
        let (library, _, _) = try await library()
        #expect(try await library.checkHealth(fix: false) == LibraryHealth(papers: 100, problems: []))
        #expect(try await library.checkHealth(fix: true) == LibraryHealth(papers: 100, problems: []))
    }

    @Test("papers missing from the index are found and indexed again; search finds them after")
    func unindexed() async throws {
        let (library, database, papers) = try await library()
        let title = try #require(papers[1].title.split(separator: " ").first { $0.count > 5 })
        try await database.writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO papers_fts(papers_fts, rowid, title, summary, author_names)
                    SELECT 'delete', key, title, summary, author_names FROM papers WHERE id IN (?, ?)
                    """, arguments: [papers[1].id, papers[2].id])
        }
        #expect(try await library.checkHealth(fix: false).problems == [.unindexedPapers(count: 2)])
        let fixed = try await library.checkHealth(fix: true)
        #expect(fixed.fixed == [.unindexedPapers(count: 2)] && fixed.isHealthy)
        #expect(try await library.search(String(title), limit: 100).map(\.id).contains(papers[1].id))
        #expect(try await library.checkHealth(fix: false).problems.isEmpty)
    }

    @Test("index entries of deleted papers are found read-only; text changed behind the index only by a fix")
    func stale() async throws {
        let (library, database, papers) = try await library()
        try await database.writer.write { db in
            try db.execute(sql: "DROP TRIGGER papers_fts_delete; DROP TRIGGER papers_fts_update")
            try db.execute(sql: "DELETE FROM papers WHERE id = ?", arguments: [papers[3].id])
            try db.execute(sql: "UPDATE papers SET title = 'Zyzzyva quokka' WHERE id = ?", arguments: [papers[4].id])
        }
        #expect(try await library.checkHealth(fix: false).problems == [.staleIndexEntries(count: 1)])
        let fixed = try await library.checkHealth(fix: true)
        #expect(fixed.fixed == [.staleIndexEntries(count: 1)] && fixed.isHealthy && fixed.papers == 99)
        #expect(try await library.search("quokka", limit: 5).map(\.id) == [papers[4].id])
        // Changed text alone is a mismatch only FTS5's term-by-term check sees.
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE papers SET title = 'Wombat' WHERE id = ?", arguments: [papers[5].id])
        }
        #expect(try await library.checkHealth(fix: false).problems.isEmpty)
        let thorough = try await library.checkHealth(fix: true)
        #expect(thorough.problems == [.staleIndexEntries(count: nil)] && thorough.isHealthy)
    }

    @Test("an unfinished indexing mark and orphaned favourites are found and cleared, nothing else touched")
    func markAndOrphans() async throws {
        let (library, database, papers) = try await library()
        try await database.writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "DELETE FROM papers WHERE id = ?", arguments: [papers[0].id])
            try db.execute(sql: "PRAGMA foreign_keys = ON")
            try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('fts_unindexed_after', 0)")
        }
        let found = try await library.checkHealth(fix: false)
        #expect(found.problems == [.unfinishedIndexing, .orphanedFavourites(ids: [papers[0].id])])
        #expect(!found.isHealthy && found.problems.allSatisfy(\.isFixable))
        let fixed = try await library.checkHealth(fix: true)
        #expect(fixed.fixed == found.problems && fixed.isHealthy)
        #expect(try await library.favouriteIDs().isEmpty)
        #expect(try await library.stats().papers == 99)
    }

    @Test("a version listed twice or past the paper's own is found, and a fix keeps each version once, none past it")
    func versions() async throws {
        let database = try AppDatabase.inMemory(migrator: PapersSchema.migrator)
        let library = SQLitePaperLibrary(database: database)
        let recorded = try OAIParser().page(
            try FixtureFiles.data("arxiv-oai", "20-GetRecord-0806.4129-arXivRaw.xml"), source: "f"
        ).papers
        try await library.save(recorded)
        #expect(try await library.checkHealth(fix: false).problems.isEmpty)
        // A v3 record kept the v1-v6 list: three versions past it; and v2 listed twice.
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE papers SET version = 3")
            try db.execute(
                sql: "UPDATE papers SET versions = versions || char(30) || ? ",
                arguments: ["2\u{1F}1233532020000\u{1F}14kb"])
        }
        let found = try await library.checkHealth(fix: false)
        #expect(found.problems == [.inconsistentVersions(ids: ["0806.4129"])] && found.problems[0].isFixable)
        let fixed = try await library.checkHealth(fix: true)
        #expect(fixed.fixed == found.problems && fixed.isHealthy)
        let paper = try #require(try await library.paper(id: "0806.4129"))
        #expect(paper.versions == Array(recorded[0].versions.prefix(3)))
    }

    @Test(
        "pages damaged after the file was opened (whole-file checks at open skip large libraries): found, never written to"
    )
    func damagedFile() async throws {
        let folder = try TemporaryDirectory()
        let url = folder.path("library.sqlite")
        let library = SQLitePaperLibrary(database: try AppDatabase(url: url, migrator: PapersSchema.migrator))
        let papers = try AtomFeedParser().page(
            try Feeds.fixture("search-all-testing-100-entries.xml"), source: "fixture"
        ).papers
        try await library.save(papers)
        // Bytes from a fixed seed over a page in the file's second half: the papers' text, far from the schema.
        try SQLiteShell.damage(url.path, count: 4_096, at: 0.6)
        let found = try await library.checkHealth(fix: false)
        let first = try #require(found.problems.first)
        guard case .damagedFile(let messages) = first else {
            Issue.record("expected a damaged file, got \(found.problems)")
            return
        }
        #expect(!messages.isEmpty && !first.isFixable && found.problems.count == 1)
        let before = try Data(contentsOf: url)
        let fixed = try await library.checkHealth(fix: true)
        #expect(fixed.problems == found.problems && fixed.fixed.isEmpty && !fixed.isHealthy)
        #expect(try Data(contentsOf: url) == before)
        // Opened again, a file this small is checked whole and refused.
        let reopened = #expect(throws: StorageError.self) {
            try AppDatabase(url: url, migrator: PapersSchema.migrator, access: .readOnly)
        }
        #expect(reopened?.cause == .damaged)
    }
}
