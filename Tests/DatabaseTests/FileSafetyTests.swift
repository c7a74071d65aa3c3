import Core
import Database
import Foundation
import GRDB
import TestSupport
import Testing

/// Files that must not be used as they are: written by a newer version, damaged, or not ours.
@Suite("Database: newer, damaged and foreign files")
struct FileSafetyTests {
    static let migrator = DatabaseTests.migrator

    /// A database of ours with `rows` notes, closed (its WAL checkpointed into the file).
    static func makeFile(_ url: URL, rows: Int = 0) async throws {
        let database = try AppDatabase(url: url, migrator: migrator)
        try await database.write { db in
            for index in 0..<rows {
                try db.execute(
                    sql: "INSERT INTO note (text, writer) VALUES (?, ?)",
                    arguments: [String(repeating: "note \(index) ", count: 8), "writer \(index % 7)"])
            }
        }
        if let pool = database.writer as? DatabasePool { try pool.close() }
        try SQLiteShell.checkpoint(url.path)
    }

    static func bytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    @Test("a file recording a migration this version does not know is refused for writing and for reading")
    func newerVersion() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("notes.sqlite")
        try await Self.makeFile(url)
        do {
            let queue = try DatabaseQueue(path: url.path)
            try await queue.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99')")
                try db.execute(sql: "ALTER TABLE note ADD COLUMN colour TEXT NOT NULL DEFAULT 'red'")
            }
            try queue.close()
        }
        try SQLiteShell.checkpoint(url.path)
        let before = try Self.bytes(url)
        for access in [StorageAccess.readWrite, .readOnly] {
            let error = #expect(throws: StorageError.self) {
                try AppDatabase(url: url, migrator: Self.migrator, access: access)
            }
            #expect(error?.cause == .newerVersion, "\(access)")
            #expect(error?.reason == "v99")
            #expect(error?.kind == .storage)
            #expect(error?.path == url.path)
        }
        #expect(try Self.bytes(url) == before)
    }

    @Test("an empty file, a file that is not SQLite and another schema are not ours, and are left as they were")
    func notOurs() async throws {
        let directory = try TemporaryDirectory()
        let empty = directory.path("empty.sqlite")
        try Data().write(to: empty)
        let text = directory.path("text.sqlite")
        try Data("hello, this is not a database at all; it is long enough to have a header\n".utf8).write(to: text)
        let other = directory.path("other.sqlite")
        do {
            let queue = try DatabaseQueue(path: other.path)
            try await queue.write { db in try db.execute(sql: "CREATE TABLE recipes (name TEXT)") }
            try queue.close()
        }
        let cases: [(URL, String)] = [(empty, "empty"), (text, "not an SQLite database"), (other, "recipes")]
        for (url, reason) in cases {
            let before = try Self.bytes(url)
            for access in [StorageAccess.readWrite, .readOnly] {
                let error = #expect(throws: StorageError.self) {
                    try AppDatabase(url: url, migrator: Self.migrator, access: access)
                }
                #expect(error?.cause == .notOurs, "\(url.lastPathComponent) \(access)")
                #expect(error?.reason == reason)
                #expect(error?.kind == .storage)
            }
            #expect(try Self.bytes(url) == before, "\(url.lastPathComponent) was changed")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted() == [
                "empty.sqlite", "other.sqlite", "text.sqlite",
            ])
    }

    @Test("another feature's file is not ours though its migration ids match; a file of ours gets our application_id")
    func applicationID() async throws {
        let directory = try TemporaryDirectory()
        let theirs = directory.path("theirs.sqlite")
        _ = try AppDatabase(url: theirs, migrator: Self.migrator, applicationID: 0x5354_4F54)
        try SQLiteShell.checkpoint(theirs.path)
        let before = try Self.bytes(theirs)
        for access in [StorageAccess.readWrite, .readOnly] {
            let error = #expect(throws: StorageError.self) {
                try AppDatabase(url: theirs, migrator: Self.migrator, applicationID: 0x5354_4D45, access: access)
            }
            #expect(error?.cause == .notOurs, "\(access)")
            #expect(error?.reason == "grdb_migrations, note")
        }
        #expect(try Self.bytes(theirs) == before)

        let old = directory.path("old.sqlite")
        try await Self.makeFile(old)
        #expect(try SQLiteShell.run(old.path, "PRAGMA application_id;") == "0\n")
        _ = try AppDatabase(url: old, migrator: Self.migrator, applicationID: 0x5354_4D45, access: .readOnly)
        #expect(try SQLiteShell.run(old.path, "PRAGMA application_id;") == "0\n")
        _ = try AppDatabase(url: old, migrator: Self.migrator, applicationID: 0x5354_4D45)
        #expect(try SQLiteShell.run(old.path, "PRAGMA application_id;") == "\(0x5354_4D45)\n")
    }

    @Test("a create that fails removes the file and the folders it made, and leaves no empty file")
    func failedCreateRemovesWhatItMade() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("new/nested/notes.sqlite")
        var failing = DatabaseMigrator()
        failing.registerMigration("v1") { db in
            try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY)")
            // What a full disk does half-way through the first write.
            throw DatabaseError(resultCode: .SQLITE_FULL, message: "database or disk is full")
        }
        let error = #expect(throws: StorageError.self) { try AppDatabase(url: url, migrator: failing) }
        #expect(error?.reason == "database or disk is full")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
        // The next create, with space back, makes the whole database.
        let database = try AppDatabase(url: url, migrator: Self.migrator)
        #expect(try await database.read { db in try Self.migrator.hasCompletedMigrations(db) })
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
                .filter { !$0.hasPrefix("notes.sqlite") }.isEmpty)
    }

    @Test("two processes' worth of creates on one new path make one database")
    func concurrentCreates() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("notes.sqlite")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<4 {
                group.addTask {
                    let database = try AppDatabase(url: url, migrator: Self.migrator)
                    try await database.write { db in
                        try db.execute(sql: "INSERT INTO note (text) VALUES (?)", arguments: ["\(index)"])
                    }
                }
            }
            try await group.waitForAll()
        }
        let database = try AppDatabase(url: url, migrator: Self.migrator, access: .readOnly)
        #expect(try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM note") } == 4)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
                .filter { !$0.hasPrefix("notes.sqlite") }.isEmpty)
    }

    @Test("120 random bytes in the middle of a file: damaged on open, for writing and for reading, nothing written")
    func damagedOnOpen() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("notes.sqlite")
        try await Self.makeFile(url, rows: 2_000)
        try SQLiteShell.damage(url.path)
        let before = try Self.bytes(url)
        for access in [StorageAccess.readWrite, .readOnly] {
            let error = #expect(throws: StorageError.self) {
                try AppDatabase(url: url, migrator: Self.migrator, access: access)
            }
            #expect(error?.cause == .damaged, "\(access): \(String(describing: error))")
            #expect(error?.kind == .storage)
        }
        #expect(try Self.bytes(url) == before)
    }

    @Test("a constraint no feature checks (a column another program added) is .constraint, not a disk failure")
    func constraint() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("notes.sqlite")
        try await Self.makeFile(url)
        try SQLiteShell.run(url.path, "ALTER TABLE note ADD COLUMN colour TEXT CHECK (colour IS NOT NULL);")
        let database = try AppDatabase(url: url, migrator: Self.migrator)
        let error = await #expect(throws: StorageError.self) {
            try await database.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('kept')") }
        }
        #expect(error?.cause == .constraint)
        #expect(error?.operation == .write)
        #expect(error?.reason.contains("CHECK constraint failed") == true)
    }

    @Test("once SQLite reports damage, reads say so and no write goes ahead")
    func damageRefusesLaterWrites() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("notes.sqlite")
        let database = try AppDatabase(url: url, migrator: Self.migrator)
        let read = await #expect(throws: StorageError.self) {
            try await database.read { _ in
                throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "database disk image is malformed")
            }
        }
        #expect(read?.cause == .damaged)
        #expect(read?.operation == .read)
        let write = await #expect(throws: StorageError.self) {
            try await database.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('lost')") }
        }
        #expect(write?.cause == .damaged)
        #expect(write?.reason == "database disk image is malformed")
        let reader = try AppDatabase(url: url, migrator: Self.migrator, access: .readOnly)
        #expect(try await reader.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM note") } == 0)
    }
}
