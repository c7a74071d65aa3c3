import Core
import Foundation
import GRDB
import Synchronization

/// Whether a file is one of ours, and of a version this build knows: checked before anything
/// is written to it.
///
/// A file is ours when its `grdb_migrations` table records the migrator's first migration (or
/// an old id of it, `renamedMigrations`). A 0-byte file (left by a create that failed on a full
/// disk, or by `touch`), a file without SQLite's header, and a database with other tables are
/// not: they are refused as `.notOurs` rather than migrated into, which would write our tables
/// into someone else's file or present an empty one as an empty store. A file recording ids the
/// migrator lacks was written by a newer version: `.newerVersion`, listing them.
struct Ownership: Sendable {
    let migrator: DatabaseMigrator
    let renamed: [String: String]
    /// SQLite's `application_id` for the feature's files; `0` for none.
    let applicationID: Int32
    let path: String

    private static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Checks the file's first bytes: an empty file, or one without SQLite's header, is not ours.
    /// (Its schema is checked by `check(_:)` once SQLite has opened it.)
    func checkBeforeOpening(url: URL) throws {
        let header: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            header = try handle.read(upToCount: 100) ?? Data()
        } catch {
            // Unreadable (permissions): SQLite's own open says why.
            return
        }
        guard !header.isEmpty else { throw notOurs("empty") }
        guard header.starts(with: Self.sqliteHeader) else { throw notOurs("not an SQLite database") }
    }

    /// Throws `.notOurs` or `.newerVersion` for the database `db` is connected to.
    func check(_ db: GRDB.Database) throws {
        let tables = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        if applicationID != 0 {
            let stamped = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            guard stamped == 0 || stamped == applicationID else { throw notOurs(tables.joined(separator: ", ")) }
        }
        guard tables.contains("grdb_migrations") else {
            throw notOurs(tables.isEmpty ? "empty" : tables.joined(separator: ", "))
        }
        let applied = try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
        let known = Set(migrator.migrations).union(renamed.keys)
        if let first = migrator.migrations.first {
            let firstIDs = Set(renamed.filter { $0.value == first }.keys).union([first])
            guard !applied.isDisjoint(with: firstIDs) else {
                throw notOurs(tables.joined(separator: ", "))
            }
        }
        let unknown = applied.subtracting(known)
        guard unknown.isEmpty else {
            throw StorageError(
                .open, path: path, reason: unknown.sorted().joined(separator: ", "), cause: .newerVersion)
        }
    }

    /// Writes the feature's `application_id` into a file that has none (a new one, or one from
    /// before the field was set); a no-op when it is there or the feature has no number.
    func stamp(_ writer: some DatabaseWriter) throws {
        guard applicationID != 0 else { return }
        guard try writer.read({ db in try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0 }) == 0 else { return }
        try writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA application_id = \(applicationID)") }
    }

    private func notOurs(_ reason: String) -> StorageError {
        StorageError(.open, path: path, reason: reason, cause: .notOurs)
    }
}

/// The reason SQLite gave when it first found the file damaged, shared by every copy of one
/// `AppDatabase`.
final class DamageMark: Sendable {
    private let state = Mutex<String?>(nil)

    var reason: String? { state.withLock { $0 } }

    func mark(_ reason: String) {
        state.withLock { $0 = $0 ?? reason }
    }
}
