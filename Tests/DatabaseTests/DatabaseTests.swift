import Core
import Database
import Foundation
import GRDB
import TestSupport
import Testing

@Suite("Database")
struct DatabaseTests {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "note") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("text", .text).notNull()
            }
        }
        migrator.registerMigration("v2") { db in
            try db.alter(table: "note") { $0.add(column: "writer", .text) }
        }
        return migrator
    }

    @Test("opening creates the folder, runs every migration and uses WAL")
    func openMigrateWAL() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("nested/dir/notes.sqlite")
        let database = try AppDatabase(url: url, migrator: Self.migrator)
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect(try await database.journalMode() == "wal")
        let applied = try await database.writer.read { db in try Self.migrator.appliedMigrations(db) }
        #expect(applied == ["v1", "v2"])
        let reopened = try AppDatabase(url: url, migrator: Self.migrator)
        #expect(
            try await reopened.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations") }
                == 2)
    }

    @Test(
        "a read in parts runs each part on the pool and gives the results in part order; a failed part is a StorageError"
    )
    func readInParts() async throws {
        let directory = try TemporaryDirectory()
        let database = try AppDatabase(url: directory.path("notes.sqlite"), migrator: Self.migrator)
        try await database.write { db in
            for number in 1...40 { try db.execute(sql: "INSERT INTO note (text) VALUES (?)", arguments: ["\(number)"]) }
        }
        let counts = try await database.read(parts: 4) { part, db in
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM note WHERE id BETWEEN ? AND ?",
                arguments: [part * 10 + 1, part * 10 + part + 1])
                ?? 0
        }
        #expect(counts == [1, 2, 3, 4])
        let error = await #expect(throws: StorageError.self) {
            try await database.read(parts: 3) { part, db in
                try Int.fetchOne(db, sql: part == 1 ? "SELECT nothing FROM nowhere" : "SELECT 1") ?? 0
            }
        }
        #expect(error?.operation == .read)
    }

    @Test("a failed migration leaves the file as it was, and says which file")
    func failedMigration() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("notes.sqlite")
        _ = try AppDatabase(url: url, migrator: Self.migrator)
        var broken = Self.migrator
        broken.registerMigration("v3") { db in
            try db.execute(sql: "CREATE TABLE half (id INTEGER)")
            try db.execute(sql: "THIS IS NOT SQL")
        }
        let error = #expect(throws: StorageError.self) { try AppDatabase(url: url, migrator: broken) }
        #expect(error?.operation == .open)
        #expect(error?.path == url.path)
        let database = try AppDatabase(url: url, migrator: Self.migrator)
        let tables = try await database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        #expect(!tables.contains("half"))
    }

    @Test("a path that cannot be a database gives a storage error, not a crash")
    func unopenable() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: StorageError.self) {
            try AppDatabase(url: directory.url, migrator: Self.migrator)
        }
        #expect(error?.exitCode == ErrorKind.storage.exitCode)
    }

    @Test("read and write map SQLite's failures to StorageError and let a feature's own error through")
    func wrapper() async throws {
        struct Missing: DomainError { var kind: ErrorKind { .notFound } }
        let database = try AppDatabase.inMemory(migrator: Self.migrator)
        let bad = await #expect(throws: StorageError.self) {
            try await database.write { db in try db.execute(sql: "INSERT INTO nowhere VALUES (1)") }
        }
        #expect(bad?.operation == .write)
        #expect(bad?.reason.contains("nowhere") == true)
        await #expect(throws: Missing.self) { try await database.read { _ in throw Missing() } }
        await #expect(throws: StorageError.self) {
            try await database.read { db in try Int.fetchOne(db, sql: "SELECT * FROM nowhere") }
        }
    }

    @Test("a migration recorded under an old id is recognised after the rename, not run again")
    func renamedMigrations() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("renamed.sqlite")
        var old = DatabaseMigrator()
        old.registerMigration("v1: notes") { db in try db.execute(sql: "CREATE TABLE note (text TEXT)") }
        _ = try AppDatabase(url: url, migrator: old)
        var new = DatabaseMigrator()
        new.registerMigration("v1") { db in try db.execute(sql: "CREATE TABLE note (text TEXT)") }
        new.registerMigration("v2") { db in try db.execute(sql: "ALTER TABLE note ADD COLUMN created_at INTEGER") }
        let database = try AppDatabase(url: url, migrator: new, renamedMigrations: ["v1: notes": "v1"])
        let applied = try await database.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        }
        #expect(applied == ["v1", "v2"])
    }

    @Test("two connections writing at once never fail with 'database is locked'")
    func concurrentWriters() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("notes.sqlite")
        _ = try AppDatabase(url: url, migrator: Self.migrator)
        // Two separate pools, as two processes would have: SQLite's file locks arbitrate between them.
        let writers = try (0..<2).map { _ in try AppDatabase(url: url, migrator: Self.migrator) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, database) in writers.enumerated() {
                group.addTask {
                    for row in 0..<200 {
                        try await database.writer.write { db in
                            // Read then write in one transaction: the pattern that hits SQLITE_BUSY with deferred transactions.
                            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM note") ?? 0
                            try db.execute(
                                sql: "INSERT INTO note (text, writer) VALUES (?, ?)",
                                arguments: ["\(row) after \(count)", "w\(index)"])
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let total = try await writers[0].writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM note") }
        #expect(total == 400)
    }

    @Test("an in-memory database is migrated and private")
    func inMemory() async throws {
        let first = try AppDatabase.inMemory(migrator: Self.migrator)
        let second = try AppDatabase.inMemory(migrator: Self.migrator)
        try await first.writer.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('a')") }
        #expect(try await second.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM note") } == 0)
    }
}

@Suite("Database opened for reading")
struct ReadOnlyDatabaseTests {
    @Test("a missing file is StorageError .missing (not found), and nothing is created")
    func missing() throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("typo/notes.sqlite")
        let error = #expect(throws: StorageError.self) {
            try AppDatabase(url: url, migrator: DatabaseTests.migrator, access: .readOnly)
        }
        #expect(error?.cause == .missing)
        #expect(error?.kind == .notFound)
        #expect(error?.path == url.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test("an existing file is read, and a write through it fails")
    func readsButNeverWrites() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("notes.sqlite")
        let database = try AppDatabase(url: url, migrator: DatabaseTests.migrator)
        try await database.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('kept')") }
        let reader = try AppDatabase(url: url, migrator: DatabaseTests.migrator, access: .readOnly)
        #expect(try await reader.read { db in try String.fetchOne(db, sql: "SELECT text FROM note") } == "kept")
        await #expect(throws: StorageError.self) {
            try await reader.write { db in try db.execute(sql: "DELETE FROM note") }
        }
    }

    @Test("a file from an older version is upgraded once when it may be written")
    func olderSchemaUpgraded() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("notes.sqlite")
        var old = DatabaseMigrator()
        old.registerMigration("v1") { db in
            try db.create(table: "note") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("text", .text).notNull()
            }
        }
        _ = try AppDatabase(url: url, migrator: old)
        let reader = try AppDatabase(url: url, migrator: DatabaseTests.migrator, access: .readOnly)
        let applied = try await reader.read { db in try DatabaseTests.migrator.appliedMigrations(db) }
        #expect(applied == ["v1", "v2"])
    }
}
