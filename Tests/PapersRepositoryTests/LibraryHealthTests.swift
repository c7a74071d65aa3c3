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

    /// A library in memory holding 0806.4129 as its recorded OAI-PMH record has it (six versions).
    static func libraryWithRecordedPaper() async throws -> (AppDatabase, SQLitePaperLibrary, [Paper]) {
        let database = try AppDatabase.inMemory(migrator: PapersSchema.migrator)
        let library = SQLitePaperLibrary(database: database)
        let recorded = try OAIParser().page(
            try FixtureFiles.data("arxiv-oai", "20-GetRecord-0806.4129-arXivRaw.xml"), source: "f"
        ).papers
        try await library.save(recorded)
        return (database, library, recorded)
    }

    @Test("a version listed twice or past the paper's own is found, and a fix keeps each version once, none past it")
    func versions() async throws {
        let (database, library, recorded) = try await Self.libraryWithRecordedPaper()
        #expect(try await library.checkHealth(fix: false).problems.isEmpty)
        // A v3 record kept the v1-v6 list: three versions past it; and v2 listed twice.
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE papers SET version = 3")
            try db.execute(
                sql: "UPDATE papers SET versions = json_insert(versions, '$[#]', json(?))",
                arguments: [#"{"number":2,"submitted":1233532020000,"size":"14kb"}"#])
        }
        let found = try await library.checkHealth(fix: false)
        #expect(found.problems == [.inconsistentVersions(ids: ["0806.4129"])] && found.problems[0].isFixable)
        let fixed = try await library.checkHealth(fix: true)
        #expect(fixed.fixed == found.problems && fixed.isHealthy)
        let paper = try #require(try await library.paper(id: "0806.4129"))
        #expect(paper.versions == Array(recorded[0].versions.prefix(3)))
    }

    @Test(
        "a list that is not the library's JSON is damage: a read names the paper, doctor lists it, a fix empties it and the next import fills it",
        arguments: [
            ("versions", #"[{"number":1,"submitted":"yesterday"}]"#), ("versions", "1\u{1F}1233532020000\u{1F}"),
            ("authors", #"[{"affiliations":[]}]"#), ("authors", "[{\"name\":\"A\"}"),
        ])
    func unreadableList(list: String, stored: String) async throws {
        let (database, library, recorded) = try await Self.libraryWithRecordedPaper()
        try await database.writer.write { db in
            try db.execute(sql: "UPDATE papers SET \(list) = ?", arguments: [stored])
        }
        await #expect(throws: PapersError.unreadableList(id: "0806.4129", list: list)) {
            try await library.paper(id: "0806.4129")
        }
        let found = try await library.checkHealth(fix: false)
        #expect(found.problems == [.unreadableLists(ids: ["0806.4129"])])
        let fixed = try await library.checkHealth(fix: true)
        #expect(fixed.fixed == found.problems && fixed.isHealthy)
        #expect(
            try await library.paper(id: "0806.4129").map {
                list == "authors" ? $0.authors.isEmpty : $0.versions.isEmpty
            } == true)
        try await library.save(recorded)
        #expect(try await library.paper(id: "0806.4129") == recorded[0])
    }

    @Test(
        "a v4 library's lists become JSON: keynames, affiliations and versions kept; a version entry v4 could not read is damage doctor names, not dropped"
    )
    func listsMigrateToJSON() async throws {
        let folder = try TemporaryDirectory()
        let url = folder.path("v4.sqlite")
        var queue: DatabaseQueue? = try DatabaseQueue(path: url.path)
        try PapersSchema.migrator.migrate(try #require(queue), upTo: "v4")
        try await queue?.write { db in
            try db.execute(
                sql: """
                    INSERT INTO papers (id, version, title, summary, author_names, authors, published, updated,
                        primary_category, categories, abstract_url, pdf_url, versions)
                    VALUES ('2401.00001', 2, 'T', 'S', 'Ada Lovelace, B', ?, 0, 0, 'cs.LG', 'cs.LG', 'a', 'p', ?),
                           ('2401.00002', 1, 'T', 'S', 'C', 'C', 0, 0, 'cs.LG', 'cs.LG', 'a', 'p', ?)
                    """,
                arguments: [
                    "Ada Lovelace\u{1D}Lovelace\u{1D}Ada\u{1D}\u{1F}Analytical Engines\u{1E}B",
                    "1\u{1F}1000\u{1F}12kb\u{1E}2\u{1F}2000\u{1F}", "1\u{1F}1000\u{1F}\u{1E}two\u{1F}x\u{1F}",
                ])
        }
        queue = nil
        let database = try AppDatabase(url: url, migrator: PapersSchema.migrator)
        let library = SQLitePaperLibrary(database: database)
        let paper = try #require(try await library.paper(id: "2401.00001"))
        #expect(
            paper.authors == [
                Author(
                    name: "Ada Lovelace", affiliations: ["Analytical Engines"], keyname: "Lovelace", forenames: "Ada"),
                Author(name: "B"),
            ])
        #expect(
            paper.versions == [
                PaperVersion(number: 1, submitted: Date(millisecondsSince1970: 1000), size: "12kb"),
                PaperVersion(number: 2, submitted: Date(millisecondsSince1970: 2000)),
            ])
        let stored = try await database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT versions FROM papers WHERE id = '2401.00002'")
        }
        #expect(stored == #"[{"number":1,"submitted":1000},"two\u001fx\u001f"]"#)
        await #expect(throws: PapersError.unreadableList(id: "2401.00002", list: "versions")) {
            try await library.paper(id: "2401.00002")
        }
        // The rows went in without the index, which doctor reports as well.
        let problems = try await library.checkHealth(fix: false).problems
        #expect(problems.contains(.unreadableLists(ids: ["2401.00002"])), "\(problems)")
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
