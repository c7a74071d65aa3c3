import Core
import Database
import Foundation
import MemorizeEntity
import MemorizeRepository
import TestSupport
import Testing

private func record(_ theme: String, score: Int, moves: Int, seed: UInt64 = 1, at minute: Double = 0) -> ScoreRecord {
    ScoreRecord(
        theme: theme, score: score, moves: moves, pairs: 8, seed: seed,
        finishedAt: Date(timeIntervalSince1970: 1_700_000_000 + minute * 60))
}

/// The same contract, checked against SQLite and against memory.
enum Store: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, memory
    var testDescription: String { rawValue }

    func make() throws -> any ScoreRepository {
        switch self {
        case .sqlite: SQLiteScoreRepository(database: try AppDatabase.inMemory(migrator: MemorizeSchema.migrator))
        case .memory: InMemoryScoreRepository()
        }
    }
}

@Suite("High scores")
struct ScoreRepositoryTests {
    @Test("add returns the rank in the theme: higher score first, then fewer moves", arguments: Store.allCases)
    func ranks(store: Store) async throws {
        let scores = try store.make()
        #expect(try await scores.add(record("Animals", score: 10, moves: 20)) == 1)
        #expect(try await scores.add(record("Animals", score: 12, moves: 30)) == 1)
        #expect(try await scores.add(record("Animals", score: 10, moves: 18)) == 2)
        #expect(try await scores.add(record("Animals", score: 4, moves: 40)) == 4)
        #expect(try await scores.add(record("Food", score: 1, moves: 40)) == 1)
        #expect(try await scores.add(record("animals", score: 11, moves: 40)) == 2)
    }

    @Test("top gives the best games of each theme, themes by name, best first", arguments: Store.allCases)
    func top(store: Store) async throws {
        let scores = try store.make()
        for (index, entry) in [
            ("Food", 3, 10), ("Animals", 5, 16), ("Animals", 9, 20), ("Animals", 9, 18), ("Food", 7, 12),
            ("Animals", 1, 30),
        ].enumerated() {
            _ = try await scores.add(record(entry.0, score: entry.1, moves: entry.2, at: Double(index)))
        }
        let best = try await scores.top(theme: nil, limit: 2)
        #expect(
            best.map { "\($0.theme) \($0.score)/\($0.moves)" } == [
                "Animals 9/18", "Animals 9/20", "Food 7/12", "Food 3/10",
            ])
        let food = try await scores.top(theme: "FOOD", limit: 10)
        #expect(food.map(\.score) == [7, 3])
        #expect(try await scores.top(theme: "Vehicles", limit: 10).isEmpty)
    }

    @Test("a record comes back as it went in, seeds above Int64.max included", arguments: Store.allCases)
    func roundTrip(store: Store) async throws {
        let scores = try store.make()
        let original = record("Faces", score: -3, moves: 52, seed: UInt64.max - 5, at: 3)
        _ = try await scores.add(original)
        #expect(try await scores.top(theme: "Faces", limit: 1) == [original])
    }

    @Test("scores in a SQLite file outlive the connection")
    func persists() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("data/memorize.sqlite")
        let first = SQLiteScoreRepository(
            database: try AppDatabase(
                url: url, migrator: MemorizeSchema.migrator, renamedMigrations: MemorizeSchema.renamedMigrations))
        _ = try await first.add(record("Sports", score: 6, moves: 22))
        let reopened = SQLiteScoreRepository(
            database: try AppDatabase(
                url: url, migrator: MemorizeSchema.migrator, renamedMigrations: MemorizeSchema.renamedMigrations))
        #expect(try await reopened.top(theme: "Sports", limit: 5).map(\.score) == [6])
    }

    @Test(
        "a file written by the first schema (v1-scores, datetime text) opens with every score and its time to the millisecond"
    )
    func migratesOldFile() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("memorize.sqlite")
        // The schema exactly as it shipped, under its old id.
        var old = DatabaseMigrator()
        old.registerMigration("v1-scores") { db in
            try db.create(table: "score") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("theme", .text).notNull()
                table.column("score", .integer).notNull()
                table.column("moves", .integer).notNull()
                table.column("pairs", .integer).notNull()
                table.column("seed", .integer).notNull()
                table.column("finished_at", .datetime).notNull()
            }
            try db.create(index: "score_by_theme", on: "score", columns: ["theme", "score"])
        }
        let base = 1_700_000_000.0
        let records = [
            ScoreRecord(
                theme: "Animals", score: 16, moves: 22, pairs: 8, seed: 2024,
                finishedAt: Date(timeIntervalSince1970: base + 0.123)),
            ScoreRecord(
                theme: "Animals", score: 9, moves: 30, pairs: 8, seed: UInt64.max - 1,
                finishedAt: Date(timeIntervalSince1970: base + 60.999)),
            ScoreRecord(
                theme: "Food", score: -2, moves: 40, pairs: 10, seed: 7,
                finishedAt: Date(timeIntervalSince1970: 86_400.001)),
            ScoreRecord(
                theme: "Food", score: 4, moves: 28, pairs: 10, seed: 0,
                finishedAt: Date(timeIntervalSince1970: base + 3_600)),
        ]
        do {
            let queue = try DatabaseQueue(path: url.path)
            try old.migrate(queue)
            try await queue.write { db in
                for record in records {
                    // As the old repository wrote them: GRDB's Date, "yyyy-MM-dd HH:mm:ss.SSS" UTC text.
                    try db.execute(
                        sql:
                            "INSERT INTO score (theme, score, moves, pairs, seed, finished_at) VALUES (?, ?, ?, ?, ?, ?)",
                        arguments: [
                            record.theme, record.score, record.moves, record.pairs, Int64(bitPattern: record.seed),
                            record.finishedAt,
                        ])
                }
            }
            #expect(
                try await queue.read { db in
                    try String.fetchOne(db, sql: "SELECT finished_at FROM score WHERE seed = 2024")
                }
                    == "2023-11-14 22:13:20.123")
        }
        let database = try AppDatabase(
            url: url, migrator: MemorizeSchema.migrator, renamedMigrations: MemorizeSchema.renamedMigrations)
        let scores = SQLiteScoreRepository(database: database)
        let read = try await scores.top(theme: nil, limit: 10)
        #expect(read.count == records.count)
        #expect(
            Set(read)
                == Set(
                    records.map {
                        ScoreRecord(
                            theme: $0.theme, score: $0.score, moves: $0.moves, pairs: $0.pairs, seed: $0.seed,
                            finishedAt: $0.finishedAt.wholeMilliseconds)
                    }))
        #expect(
            read.map(\.finishedAt.millisecondsSince1970).sorted() == [
                86_400_001, 1_700_000_000_123, 1_700_000_060_999, 1_700_003_600_000,
            ])
        let migrations = try await database.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        }
        #expect(migrations == ["v1", "v2"])
        #expect(try await database.read { db in try db.tableExists("score") } == false)
        // The migrated table keeps ranking: a new game slots in among the old ones.
        #expect(
            try await scores.add(
                ScoreRecord(
                    theme: "animals", score: 10, moves: 20, pairs: 8, seed: 1,
                    finishedAt: Date(timeIntervalSince1970: base))) == 2)
    }

    @Test("storage failures arrive as StorageError, not wrapped")
    func storageError() async throws {
        let database = try AppDatabase.inMemory(migrator: MemorizeSchema.migrator)
        try await database.write { db in try db.execute(sql: "DROP TABLE scores") }
        let scores = SQLiteScoreRepository(database: database)
        await #expect(throws: StorageError.self) { try await scores.top(theme: nil, limit: 1) }
        let error = await #expect(throws: StorageError.self) {
            try await scores.add(record("Food", score: 1, moves: 2))
        }
        #expect(error?.operation == .write)
    }
}
