import Database
import Foundation
import PapersEntity

/// The checks and repairs of `papers doctor`, on one connection.
enum LibraryCheck {
    /// The most integrity messages kept: the first ones say where the damage is.
    static let messageLimit = 10

    /// Every check, in order; `thorough` adds FTS5's own check of every term (it needs a connection that may write).
    static func run(_ db: Database, thorough: Bool) throws -> LibraryHealth {
        // A damaged file first: what it holds cannot be trusted by the checks after this one.
        let integrity: [String]
        do {
            integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check(\(messageLimit))")
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
            // Damage where the check itself must read (a b-tree's inner page) stops it with an error.
            integrity = [error.message ?? "database disk image is malformed"]
        }
        let count = "SELECT count(*) FROM papers"
        guard integrity == ["ok"] else {
            let papers = (try? Int.fetchOne(db, sql: count)) ?? 0
            return LibraryHealth(papers: papers, problems: [.damagedFile(messages: integrity)])
        }
        let papers = try Int.fetchOne(db, sql: count) ?? 0
        var problems: [LibraryProblem] = []
        // The index's document list (one `docsize` row per indexed paper) against the papers.
        let unindexed =
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM papers WHERE key NOT IN (SELECT id FROM papers_fts_docsize)")
            ?? 0
        if unindexed > 0 { problems.append(.unindexedPapers(count: unindexed)) }
        let gone =
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM papers_fts_docsize WHERE id NOT IN (SELECT key FROM papers)")
            ?? 0
        if gone > 0 {
            problems.append(.staleIndexEntries(count: gone))
        } else if thorough, unindexed == 0, try !termsMatchRows(db) {
            problems.append(.staleIndexEntries(count: nil))
        }
        let mark = "SELECT count(*) FROM meta WHERE key = '\(PapersSchema.unindexedMark)'"
        if try Int.fetchOne(db, sql: mark) ?? 0 > 0 { problems.append(.unfinishedIndexing) }
        let orphans = try String.fetchAll(
            db, sql: "SELECT paper_id FROM favourites WHERE paper_id NOT IN (SELECT id FROM papers) ORDER BY paper_id")
        if !orphans.isEmpty { problems.append(.orphanedFavourites(ids: orphans)) }
        let unreadable = try unreadableLists(db)
        if !unreadable.isEmpty {
            var seen = Set<String>()
            problems.append(.unreadableLists(ids: unreadable.map(\.id).filter { seen.insert($0).inserted }))
        }
        let inconsistent = try versionRepairs(db).map(\.id)
        if !inconsistent.isEmpty { problems.append(.inconsistentVersions(ids: inconsistent)) }
        return LibraryHealth(papers: papers, problems: problems)
    }

    /// Repairs the fixable `problems`: the index is rebuilt from the rows, orphaned favourites are dropped.
    static func repair(_ db: Database, _ problems: [LibraryProblem]) throws {
        let index = problems.contains {
            switch $0 {
            case .unindexedPapers, .staleIndexEntries, .unfinishedIndexing: true
            case .damagedFile, .orphanedFavourites, .inconsistentVersions, .unreadableLists: false
            }
        }
        if index {
            try db.execute(sql: "DELETE FROM meta WHERE key = ?", arguments: [PapersSchema.unindexedMark])
            try db.execute(sql: "INSERT INTO papers_fts(papers_fts) VALUES ('rebuild')")
        }
        if problems.contains(where: { if case .orphanedFavourites = $0 { true } else { false } }) {
            try db.execute(sql: "DELETE FROM favourites WHERE paper_id NOT IN (SELECT id FROM papers)")
        }
        if problems.contains(where: { if case .unreadableLists = $0 { true } else { false } }) {
            for paper in try unreadableLists(db) {
                try db.execute(
                    sql: "UPDATE papers SET \(paper.list.rawValue) = '[]' WHERE id = ?", arguments: [paper.id])
            }
        }
        if problems.contains(where: { if case .inconsistentVersions = $0 { true } else { false } }) {
            for repair in try versionRepairs(db) {
                try db.execute(
                    sql: "UPDATE papers SET versions = ? WHERE id = ?",
                    arguments: [StoredVersions.encode(repair.versions), repair.id])
            }
        }
    }

    /// Each paper whose version list repeats a number or runs past the paper's version, with the list it should have:
    /// each number once (the first), none past the paper's, in order.
    private static func versionRepairs(_ db: Database) throws -> [(id: String, versions: [PaperVersion])] {
        try Row.fetchAll(db, sql: "SELECT id, version, versions FROM papers WHERE versions != '[]' ORDER BY id")
            .compactMap { row in
                let (id, version) = (row["id"] as String, row["version"] as Int)
                // An unreadable list is reported as such (`unreadableLists`), not as inconsistent.
                guard let listed = try? StoredVersions.decode(row["versions"]) else { return nil }
                var seen = Set<Int>()
                let kept = listed.filter { $0.number <= version && seen.insert($0.number).inserted }
                    .sorted { $0.number < $1.number }
                return kept == listed ? nil : (id, kept)
            }
    }

    /// Each list that cannot be read, with its paper, in id order (a paper twice when both cannot).
    private static func unreadableLists(_ db: Database) throws -> [(id: String, list: UnreadableList.Kind)] {
        var found: [(id: String, list: UnreadableList.Kind)] = []
        let rows = try Row.fetchCursor(db, sql: "SELECT id, authors, versions FROM papers ORDER BY id")
        while let row = try rows.next() {
            let id: String = row["id"]
            if (try? StoredAuthors.decode(row["authors"])) == nil { found.append((id, .authors)) }
            if (try? StoredVersions.decode(row["versions"])) == nil { found.append((id, .versions)) }
        }
        return found
    }

    /// FTS5's `integrity-check` with the rows compared: false when the index holds text the rows no longer have.
    private static func termsMatchRows(_ db: Database) throws -> Bool {
        do {
            try db.execute(sql: "INSERT INTO papers_fts(papers_fts, rank) VALUES ('integrity-check', 1)")
            return true
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT {
            return false
        }
    }
}
