import Database
import Foundation
import GRDB
import Testing

@Suite("BatchInsert")
struct BatchInsertTests {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: "CREATE TABLE items (name TEXT PRIMARY KEY, note TEXT, size INTEGER, done INTEGER NOT NULL)")
        }
        return migrator
    }

    static let insert = "INSERT INTO items (name, note, size, done) VALUES (?, ?, ?, ?) ON CONFLICT(name) DO NOTHING"

    static func rows(_ items: [(name: String, note: String?, size: Int, done: Bool)]) -> RowBatch {
        var rows = RowBatch(width: 4)
        for item in items {
            rows.append(item.name)
            rows.append(item.note)
            rows.append(item.size)
            rows.append(item.done)
        }
        return rows
    }

    @Test("every row is written with its values as given: text of any script, empty text, NULL, integers, booleans")
    func writesValues() async throws {
        let database = try AppDatabase.inMemory(migrator: Self.migrator)
        let rows = Self.rows([
            ("Ångström", "naïve café 日本語 🙂", -7, true), ("", "", 0, false), ("plain", nil, Int.max, false),
        ])
        #expect(rows.count == 3)
        let changed = try await database.write { db in try BatchInsert(db, sql: Self.insert).execute(rows) }
        #expect(changed == 3)
        struct Stored: Equatable {
            let name: String, note: String?, noteType: String, size: Int64, done: Int64
        }
        let stored = try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT name, note, typeof(note), size, done FROM items ORDER BY rowid").map {
                Stored(name: $0[0], note: $0[1], noteType: $0[2], size: $0[3], done: $0[4])
            }
        }
        #expect(
            stored == [
                Stored(name: "Ångström", note: "naïve café 日本語 🙂", noteType: "text", size: -7, done: 1),
                Stored(name: "", note: "", noteType: "text", size: 0, done: 0),
                Stored(name: "plain", note: nil, noteType: "null", size: .max, done: 0),
            ])
    }

    @Test("it returns how many rows changed: a row the statement leaves alone counts nothing")
    func countsChanges() async throws {
        let database = try AppDatabase.inMemory(migrator: Self.migrator)
        let changed = try await database.write { db in
            let statement = try BatchInsert(db, sql: Self.insert)
            let first = try statement.execute(Self.rows([("a", nil, 1, false), ("b", nil, 2, false)]))
            let second = try statement.execute(Self.rows([("b", "again", 3, true), ("c", nil, 4, false)]))
            return [first, second]
        }
        #expect(changed == [2, 1])
        let notes = try await database.read { db in
            try String?.fetchAll(db, sql: "SELECT note FROM items WHERE name = 'b'")
        }
        #expect(notes == [nil])
    }

    @Test("a row SQLite refuses throws its error, and the statement can run again afterwards")
    func refusedRow() async throws {
        let database = try AppDatabase.inMemory(migrator: Self.migrator)
        let outcome = try await database.write { db in
            let statement = try BatchInsert(
                db, sql: "INSERT INTO items (name, note, size, done) VALUES (?, ?, ?, ?)")
            var code: ResultCode?
            do {
                _ = try statement.execute(Self.rows([("x", nil, 1, false), ("x", nil, 2, false)]))
            } catch let error as DatabaseError {
                code = error.resultCode
            }
            let after = try statement.execute(Self.rows([("y", nil, 3, false)]))
            return (code, after)
        }
        #expect(outcome.0 == .SQLITE_CONSTRAINT)
        #expect(outcome.1 == 1)
        let names = try await database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM items ORDER BY name")
        }
        #expect(names == ["x", "y"])
    }
}
