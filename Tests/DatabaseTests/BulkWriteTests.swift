import Core
import Database
import Foundation
import GRDB
import TestSupport
import Testing

@Suite("Bulk writes")
struct BulkWriteTests {
    struct Refused: DomainError, Equatable { var kind: ErrorKind { .conflict } }

    func texts(_ database: AppDatabase) async throws -> [String] {
        try await database.read { db in try String.fetchAll(db, sql: "SELECT text FROM note ORDER BY id") }
    }

    @Test("a bulk write commits through a rollback journal and leaves the file in WAL mode")
    func commits() async throws {
        let directory = try TemporaryDirectory()
        let database = try AppDatabase(url: directory.path("notes.sqlite"), migrator: DatabaseTests.migrator)
        let mode = try await database.bulkWrite { db in
            try db.execute(sql: "INSERT INTO note (text) VALUES ('bulk')")
            return try String.fetchOne(db, sql: "PRAGMA journal_mode")
        }
        #expect(mode == "truncate")
        #expect(try await database.journalMode() == "wal")
        try await database.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('after')") }
        #expect(try await texts(database) == ["bulk", "after"])
    }

    @Test("a bulk write that fails leaves the file as it was, in WAL mode, and lets the feature's error through")
    func rollsBack() async throws {
        let directory = try TemporaryDirectory()
        let database = try AppDatabase(url: directory.path("notes.sqlite"), migrator: DatabaseTests.migrator)
        try await database.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('kept')") }
        await #expect(throws: Refused()) {
            try await database.bulkWrite { db in
                try db.execute(sql: "INSERT INTO note (text) VALUES ('lost')")
                throw Refused()
            }
        }
        #expect(try await texts(database) == ["kept"])
        #expect(try await database.journalMode() == "wal")
    }

    @Test("with the file open in another process, a bulk write goes through the WAL like any write")
    func othersKeepTheWAL() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("notes.sqlite")
        let database = try AppDatabase(url: url, migrator: DatabaseTests.migrator)
        // A second pool, as another process would have, with a reader connection left open.
        let other = try AppDatabase(url: url, migrator: DatabaseTests.migrator)
        #expect(try await texts(other).isEmpty)
        let mode = try await database.bulkWrite { db in
            try db.execute(sql: "INSERT INTO note (text) VALUES ('bulk')")
            return try String.fetchOne(db, sql: "PRAGMA journal_mode")
        }
        #expect(mode == "wal")
        #expect(try await texts(other) == ["bulk"])
    }

    @Test("a bulk write cut off by a kill is rolled back before the file is read, even by a read-only opening")
    func cutOffWriteRolledBack() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("notes.sqlite")
        let copy = directory.path("killed.sqlite")
        let database = try AppDatabase(url: url, migrator: DatabaseTests.migrator)
        try await database.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('kept')") }
        // Mid-write, with a one-page cache that spills the new pages into the file, the file and
        // its journal copied as they are: what a process killed at that moment leaves behind.
        try await database.bulkWrite { db in
            try db.execute(sql: "PRAGMA cache_size = 1")
            let filler = String(repeating: "lost ", count: 200)
            for _ in 0..<500 { try db.execute(sql: "INSERT INTO note (text) VALUES (?)", arguments: [filler]) }
            try FileManager.default.copyItem(at: url, to: copy)
            try FileManager.default.copyItem(atPath: url.path + "-journal", toPath: copy.path + "-journal")
        }
        let journal = try FileManager.default.attributesOfItem(atPath: copy.path + "-journal")[.size] as? Int
        #expect((journal ?? 0) > 0)
        let reader = try AppDatabase(url: copy, migrator: DatabaseTests.migrator, access: .readOnly)
        #expect(try await texts(reader) == ["kept"])
    }
}
