import Core
import Database
import Foundation
import PapersEntity
import PapersRepository
import TestSupport
import Testing

@Suite("The SQLite library")
struct SQLitePaperLibraryTests {
    func library() throws -> SQLitePaperLibrary {
        SQLitePaperLibrary(database: try AppDatabase.inMemory(migrator: PapersSchema.migrator))
    }

    func recorded() throws -> [Paper] {
        try AtomFeedParser().page(try Feeds.fixture("search-all-testing-100-entries.xml"), source: "fixture").papers
    }

    @Test("a paper comes back exactly as saved, affiliations and optionals included")
    func roundTrip() async throws {
        let library = try library()
        let papers = try recorded()
        let summary = try await library.save(
            papers, fetchedBy: "all:testing", at: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(summary == SaveSummary(added: 100))
        for paper in papers { #expect(try await library.paper(id: paper.id) == paper) }
        #expect(try await library.paper(id: "0000.00000") == nil)
        #expect(try await library.stats().fetches == 1)
    }

    @Test("the newer version wins and nothing is duplicated")
    func newerWins() async throws {
        let library = try library()
        var paper = try #require(try recorded().first)
        try await library.save([paper])
        var v2 = paper
        v2.version = 2
        v2.title = "Revised title"
        #expect(try await library.save([v2]) == SaveSummary(updated: 1))
        paper.title = "Stale copy"
        #expect(try await library.save([paper]) == SaveSummary(unchanged: 1))
        #expect(try await library.paper(id: paper.id)?.title == "Revised title")
        #expect(try await library.stats().papers == 1)
        #expect(try await library.search("revised", limit: 5).map(\.id) == [paper.id])
        #expect(try await library.search("stale", limit: 5).isEmpty)
    }

    @Test("the index follows every write: new rows in bulk, a paper repeated in one import, updates in place")
    func indexStaysInStep() async throws {
        let database = try AppDatabase.inMemory(migrator: PapersSchema.migrator)
        let library = SQLitePaperLibrary(database: database)
        let papers = try recorded()
        var first = papers[0]
        first.title = "Zeppelin navigation"
        var revised = first
        revised.version = 9
        revised.title = "Quokka ecology"
        // The same paper twice in one import: inserted, then updated before the index saw it.
        let batch = [first] + papers.dropFirst().prefix(10) + [revised]
        let summary = try await library.importing { save in try await save(batch) }
        #expect(summary == SaveSummary(added: 11, updated: 1))
        #expect(try await library.search("quokka", limit: 5).map(\.id) == [first.id])
        #expect(try await library.search("zeppelin", limit: 5).isEmpty)
        // A later write updates an indexed row in place and adds new ones.
        var third = revised
        third.version = 10
        third.title = "Axolotl regeneration"
        try await library.save([third] + Array(papers.dropFirst(11)))
        #expect(try await library.search("axolotl", limit: 5).map(\.id) == [first.id])
        #expect(try await library.search("quokka", limit: 5).isEmpty)
        #expect(try await library.stats().papers == 100)
        // FTS5's own check that the index matches the papers table exactly (rank 1: compare with the content).
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO papers_fts(papers_fts, rank) VALUES ('integrity-check', 1)")
            #expect(try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'fts_unindexed_after'") == nil)
        }
    }

    @Test(
        "an import longer than one indexing batch indexes every row, including a row updated after its batch was indexed"
    )
    func indexAcrossBatches() async throws {
        let database = try AppDatabase.inMemory(migrator: PapersSchema.migrator)
        let batch = 200
        let library = SQLitePaperLibrary(database: database, indexBatch: batch)
        let recorded = try recorded()
        let count = batch * 2 + 50
        let papers = (0..<count).map { i in
            var paper = recorded[i % recorded.count]
            paper.id = String(format: "2501.%05d", i)
            if i == 7 { paper.title = "Zeppelin navigation" }
            return paper
        }
        var revised = papers[7]
        revised.version = 2
        revised.title = "Quokka ecology"
        let first = papers[..<(batch + 10)]
        let rest = papers[(batch + 10)...]
        // Paper 7 is indexed with the first batch, then updated in the same import.
        let summary = try await library.importing { [revised] save in
            try await save(Array(first))
            try await save([revised])
            try await save(Array(rest))
        }
        #expect(summary == SaveSummary(added: count, updated: 1))
        #expect(try await library.search("quokka", limit: 5).map(\.id) == ["2501.00007"])
        #expect(try await library.search("zeppelin", limit: 5).isEmpty)
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO papers_fts(papers_fts, rank) VALUES ('integrity-check', 1)")
            // One size record per indexed paper (a count of papers_fts itself would read the papers table).
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM papers_fts_docsize") == count)
        }
    }

    @Test("full-text search over title, abstract and authors, with phrases, prefixes and fields")
    func fullText() async throws {
        let library = try library()
        try await library.save(try recorded())
        #expect(try await library.search("WebView Android", limit: 5).first?.title.contains("WebView") == true)
        #expect(try await library.search("au:Gotlieb", limit: 50).contains { $0.id == "2202.12139" })
        #expect(
            try await library.search("ramirez", limit: 50).contains {
                $0.authors.contains { $0.name == "Aurora Ramírez" }
            })
        #expect(try await library.search("\"learning to rank\"", limit: 50).contains { $0.id == "2405.13786" })
        #expect(try await library.search("prioritis*", limit: 50).contains { $0.id == "2405.13786" })
        #expect(try await library.search("zzyzx", limit: 5).isEmpty)
        // FTS5's syntax in a query is words: its operators, column names and `^` match as text.
        #expect(try await library.search("NEAR testing ^ {title}:x", limit: 5).count <= 5)
        #expect(try await library.search("(NEAR OR testing) AND \"summary : x\"", limit: 5).isEmpty)
        #expect(try await library.search("testing", limit: 7).count == 7)
    }

    @Test("a library written by the first schema keeps its index when migrated and written again")
    func migratesFromV1() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("v1.sqlite")
        let papers = try recorded()
        do {
            // The first schema indexed every insert with a trigger.
            let queue = try DatabaseQueue(path: url.path)
            try PapersSchema.migrator.migrate(queue, upTo: "v1")
            try await Self.restoreOldMigrationIDs(queue)
            try await queue.write { db in
                for paper in papers.prefix(50) {
                    try db.execute(
                        sql: """
                            INSERT INTO papers (id, version, title, summary, author_names, authors, published, updated,
                                primary_category, categories, abstract_url, pdf_url) VALUES (?, 1, ?, ?, '', '', 0, 0, '', '', '', '')
                            """, arguments: [paper.id, paper.title, paper.summary])
                }
            }
        }
        let database = try AppDatabase(
            url: url, migrator: PapersSchema.migrator, renamedMigrations: PapersSchema.renamedMigrations)
        let library = SQLitePaperLibrary(database: database)
        var revised = papers[0]
        revised.version = 5
        revised.title = "Platypus behaviour"
        try await library.save([revised] + Array(papers.dropFirst(50)))
        #expect(try await library.search("platypus", limit: 5).map(\.id) == [papers[0].id])
        #expect(try await library.search("webview", limit: 5).count == 1)
        try await database.writer.write { db in
            try db.execute(sql: "INSERT INTO papers_fts(papers_fts, rank) VALUES ('integrity-check', 1)")
        }
    }

    /// Gives the migrations run so far the ids the app shipped them under before v3, as a file written then has.
    static func restoreOldMigrationIDs(_ queue: DatabaseQueue) async throws {
        try await queue.write { db in
            for (old, new) in PapersSchema.renamedMigrations {
                try db.execute(
                    sql: "UPDATE grdb_migrations SET identifier = ? WHERE identifier = ?", arguments: [old, new])
            }
        }
    }

    @Test(
        "a library written by the v2 schema (REAL seconds, old migration ids) opens with every row, search and the index intact"
    )
    func migratesTimeToMilliseconds() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("v2.sqlite")
        let papers = try recorded()
        do {
            let queue = try DatabaseQueue(path: url.path)
            try PapersSchema.migrator.migrate(queue, upTo: "v2")
            try await Self.restoreOldMigrationIDs(queue)
            // Rows as the v2 app wrote them: times in REAL seconds, new rows indexed in bulk.
            try await queue.write { db in
                for paper in papers {
                    try db.execute(
                        sql: """
                            INSERT INTO papers (id, version, title, summary, author_names, authors, published, updated,
                                primary_category, categories, abstract_url, pdf_url, comment, journal_ref, doi)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            paper.id, paper.version, paper.title, paper.summary,
                            paper.authors.map(\.name).joined(separator: ", "),
                            paper.authors.map { ([$0.name] + $0.affiliations).joined(separator: "\u{1F}") }.joined(
                                separator: "\u{1E}"),
                            paper.published.timeIntervalSince1970, paper.updated.timeIntervalSince1970,
                            paper.primaryCategory, paper.categories.joined(separator: " "), paper.abstractURL,
                            paper.pdfURL,
                            paper.comment, paper.journalRef, paper.doi,
                        ])
                }
                try db.execute(
                    sql: """
                        INSERT INTO papers_fts (rowid, title, summary, author_names) SELECT key, title, summary, author_names FROM papers;
                        INSERT INTO favourites (paper_id, added_at) VALUES ('2202.12139', 10.5), ('2405.13786', 20.25);
                        INSERT INTO fetches (query, fetched_at, result_count) VALUES ('all:testing', 1700000000.123, 100), ('all:x', 1600000000, 0);
                        INSERT INTO meta (key, value) VALUES ('last_request_at', 1700000001.5);
                        """)
            }
        }
        let database = try AppDatabase(
            url: url, migrator: PapersSchema.migrator, renamedMigrations: PapersSchema.renamedMigrations)
        let library = SQLitePaperLibrary(database: database)
        for paper in papers { #expect(try await library.paper(id: paper.id) == paper) }
        #expect(try await library.favourites().map(\.id) == ["2405.13786", "2202.12139"])
        let stats = try await library.stats()
        #expect(stats.papers == 100 && stats.favourites == 2 && stats.fetches == 2)
        #expect(stats.lastFetch == Date(millisecondsSince1970: 1_700_000_000_123))
        #expect(stats.oldestPublished == papers.map(\.published).min())
        #expect(
            try await SQLiteRequestLog(database: database).lastRequestTime()
                == Date(millisecondsSince1970: 1_700_000_001_500)
        )
        let (types, ids, addedAt) = try await database.read { db in
            (
                try String.fetchAll(
                    db,
                    sql: """
                        SELECT DISTINCT typeof(published) || typeof(updated) FROM papers
                        UNION SELECT DISTINCT typeof(added_at) FROM favourites UNION SELECT DISTINCT typeof(fetched_at) FROM fetches
                        UNION SELECT typeof(value) FROM meta WHERE key = 'last_request_at'
                        """),
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"),
                try Int64.fetchAll(db, sql: "SELECT added_at FROM favourites ORDER BY added_at")
            )
        }
        #expect(Set(types) == ["integerinteger", "integer"])
        #expect(ids == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"])
        #expect(addedAt == [10_500, 20_250])
        // Search, the index and its triggers work on the rebuilt table.
        #expect(try await library.search("webview", limit: 5).count == 1)
        #expect(try await library.search("testing", limit: 1_000).count > 20)
        var revised = papers[0]
        revised.version += 1
        revised.title = "Platypus behaviour"
        #expect(try await library.save([revised]) == SaveSummary(updated: 1))
        #expect(try await library.search("platypus", limit: 5).map(\.id) == [papers[0].id])
        try await database.write { db in
            try db.execute(sql: "INSERT INTO papers_fts(papers_fts, rank) VALUES ('integrity-check', 1)")
            try db.execute(sql: "DELETE FROM papers WHERE id = ?", arguments: [papers[1].id])
            try db.execute(sql: "INSERT INTO papers_fts(papers_fts, rank) VALUES ('integrity-check', 1)")
        }
    }

    @Test("every match is ranked: the best match comes first however many newer papers match")
    func ranksEveryMatch() async throws {
        let library = SQLitePaperLibrary(database: try AppDatabase.inMemory(migrator: PapersSchema.migrator))
        let template = try #require(try recorded().first)
        func paper(_ id: String, title: String, summary: String) -> Paper {
            var paper = template
            paper.id = id
            paper.title = title
            paper.summary = summary
            return paper
        }
        // The best match is added first; 600 weaker ones (the word once in a long abstract) after it.
        try await library.save([paper("2001.00001", title: "Quasicrystal growth", summary: "How a quasicrystal grows.")]
        )
        let filler = String(repeating: "padding words about other things ", count: 20)
        try await library.save(
            (0..<600).map { paper("2601.\(10_000 + $0)", title: "Unrelated \($0)", summary: "\(filler) quasicrystal") })
        let best = try await library.search("quasicrystal", limit: 5)
        #expect(best.map(\.id).first == "2001.00001")
        #expect(best.count == 5)
    }

    @Test("a larger library ranks its newest matches: the same answer when they are all the matches, else only those")
    func ranksNewestMatches() async throws {
        let database = try AppDatabase.inMemory(migrator: PapersSchema.migrator)
        let exact = SQLitePaperLibrary(database: database, everyMatchUpTo: .max)
        let enough = SQLitePaperLibrary(database: database, everyMatchUpTo: 10, newestMatches: 1_000)
        let few = SQLitePaperLibrary(database: database, everyMatchUpTo: 10, newestMatches: 100)
        let template = try #require(try recorded().first)
        try await exact.save(try recorded())
        var best = template
        best.id = "2001.00001"
        best.title = "Quasicrystal growth"
        best.summary = "How a quasicrystal grows."
        try await exact.save([best])
        let filler = String(repeating: "padding words about other things ", count: 20)
        let newer = (0..<600).map { number in
            var paper = template
            paper.id = "2601.\(10_000 + number)"
            paper.title = "Unrelated \(number)"
            paper.summary = "\(filler) quasicrystal"
            return paper
        }
        try await exact.save(newer)
        // Fewer matches than it ranks: each term's frequency is exact, and so is the order.
        for query in ["quasicrystal", "testing", "software testing", "au:gotlieb", "\"test case\"", "zzyzx"] {
            for limit in [1, 20] {
                let expected = try await exact.search(query, limit: limit)
                #expect(try await enough.search(query, limit: limit) == expected, "\(query) \(limit)")
            }
        }
        #expect(try await enough.search("quasicrystal", limit: 1).map(\.id) == ["2001.00001"])
        // More: only the newest 100 matches are ranked, and the best, oldest one is not among them.
        let newest = try await few.search("quasicrystal", limit: 200)
        #expect(Set(newest.map(\.id)) == Set(newer.suffix(100).map(\.id)))
        // A term no paper has: nothing, without ranking the other term's matches.
        #expect(try await few.search("quasicrystal zzyzx", limit: 5).isEmpty)
    }

    @Test("counts and pages: exact in a small library; in a larger one from the ranked matches, else up to a bound")
    func countsAndPages() async throws {
        let database = try AppDatabase.inMemory(migrator: PapersSchema.migrator)
        let small = SQLitePaperLibrary(database: database)
        let large = SQLitePaperLibrary(database: database, everyMatchUpTo: 10, newestMatches: 30, countedUpTo: 40)
        try await small.save(try recorded())
        let testing = try QueryParser().parse("testing")
        let all = try await small.search(testing, offset: 0, limit: 1_000).papers
        #expect(all.count > 40)
        #expect(try await small.count(testing) == .exactly(all.count))
        // Pages of the small library tile its whole ranking.
        var paged: [Paper] = []
        for offset in stride(from: 0, to: all.count, by: 7) {
            paged += try await small.search(testing, offset: offset, limit: 7).papers
        }
        #expect(paged == all)
        #expect(try await small.search(testing, offset: all.count, limit: 7).papers.isEmpty)
        // The larger library ranks its 30 newest matches: pages end there, and its count stops at 40.
        let first = try await large.search(testing, offset: 0, limit: 20)
        #expect(first.rankedNewest == 30 && first.total == nil)
        #expect(try await large.search(testing, offset: 20, limit: 20).papers.count == 10)
        #expect(try await large.search(testing, offset: 30, limit: 20).papers.isEmpty)
        #expect(try await large.count(testing) == .moreThan(40))
        // A query with fewer matches than it ranks knows its total from the ranking itself.
        let rare = try QueryParser().parse("au:gotlieb OR helium")
        let found = try await large.search(rare, offset: 0, limit: 2)
        let exact = try await small.count(rare)
        #expect(found.total == exact && found.total != .exactly(0) && exact.atLeast < 30)
        #expect(try await large.count(rare) == exact)
    }

    @Test("ranked on every core or on one, a search answers the same")
    func parallelRankingIsExact() async throws {
        let database = try AppDatabase.inMemory(migrator: PapersSchema.migrator)
        let single = SQLitePaperLibrary(database: database, parallelSearchFrom: .max)
        let parallel = SQLitePaperLibrary(database: database, parallelSearchFrom: 1)
        let papers = try recorded()
        try await single.save(papers)
        // Copies under new ids: many equal scores, which must come out in one order.
        try await single.save(
            papers.map { paper in
                var copy = paper
                copy.id = "26" + paper.id.dropFirst(2)
                return copy
            })
        for query in ["testing", "software testing", "au:gotlieb", "\"test case\"", "learning to rank", "zzyzx"] {
            for limit in [1, 5, 50] {
                let expected = try await single.search(query, limit: limit)
                #expect(try await parallel.search(query, limit: limit) == expected, "\(query) \(limit)")
            }
        }
    }

    @Test("an import that fails part-way leaves the library as it was")
    func rollback() async throws {
        let library = try library()
        let papers = try recorded()
        try await library.save(Array(papers.prefix(3)))
        await #expect(throws: PapersError.badFeed(source: "t", problem: .empty)) {
            try await library.importing { save in
                try await save(Array(papers.dropFirst(3).prefix(10)))
                throw PapersError.badFeed(source: "t", problem: .empty)
            }
        }
        #expect(try await library.stats().papers == 3)
        #expect(try await library.search("testing", limit: 100).count <= 3)
    }

    @Test("favourites and statistics")
    func favouritesAndStats() async throws {
        let library = try library()
        try await library.save(try recorded())
        #expect(try await library.setFavourite(id: "2202.12139", true, at: Date(timeIntervalSince1970: 10)))
        #expect(try await library.setFavourite(id: "2405.13786", true, at: Date(timeIntervalSince1970: 20)))
        #expect(try await !library.setFavourite(id: "2405.13786", true, at: Date(timeIntervalSince1970: 30)))
        #expect(try await library.favourites().map(\.id) == ["2405.13786", "2202.12139"])
        #expect(try await library.setFavourite(id: "2202.12139", false, at: Date()))
        #expect(try await library.favouriteIDs() == ["2405.13786"])
        await #expect(throws: PapersError.notInLibrary("2401.00001")) {
            try await library.setFavourite(id: "2401.00001", true, at: Date())
        }
        let stats = try await library.stats()
        #expect(stats.papers == 100 && stats.favourites == 1)
        #expect(stats.topCategories.first == CategoryCount(category: "cs.SE", count: 64))
        #expect(stats.lastFetch == nil)
    }

    @Test("the library on disk keeps papers and the request time across openings")
    func persists() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("papers.sqlite")
        do {
            let database = try AppDatabase(url: url, migrator: PapersSchema.migrator)
            _ = try await SQLitePaperLibrary(database: database).save(
                try recorded(), fetchedBy: "all:testing", at: Date(timeIntervalSince1970: 98.5))
            try await SQLiteRequestLog(database: database).recordRequest(at: Date(timeIntervalSince1970: 99.123))
        }
        let database = try AppDatabase(url: url, migrator: PapersSchema.migrator)
        #expect(try await SQLitePaperLibrary(database: database).stats().papers == 100)
        #expect(try await SQLitePaperLibrary(database: database).stats().lastFetch == Date(timeIntervalSince1970: 98.5))
        #expect(try await SQLiteRequestLog(database: database).lastRequestTime() == Date(timeIntervalSince1970: 99.123))
        let log = InMemoryRequestLog()
        #expect(try await log.lastRequestTime() == nil)
        try await log.recordRequest(at: Date(timeIntervalSince1970: 42))
        #expect(try await log.lastRequestTime() == Date(timeIntervalSince1970: 42))
    }

    @Test("the in-memory library keeps the same rules")
    func inMemory() async throws {
        let library = InMemoryPaperLibrary()
        let papers = try recorded()
        #expect(try await library.save(papers) == SaveSummary(added: 100))
        var v2 = papers[0]
        v2.version = 2
        #expect(try await library.save([v2, papers[1]]) == SaveSummary(updated: 1, unchanged: 1))
        await #expect(throws: PapersError.noIDs) {
            try await library.importing { save in
                try await save([papers[2]])
                throw PapersError.noIDs
            }
        }
        #expect(try await library.paper(id: papers[0].id)?.version == 2)
        #expect(try await library.search("webview", limit: 5).count == 1)
    }
}
