import Core
import Database
import Foundation
import MemorizeEntity
import MemorizeRepository
import TestSupport
import Testing

private func record(_ theme: String, score: Int, moves: Int, seed: UInt64 = 1, at minute: Double = 0) -> ScoreRecord {
    ScoreRecord(theme: theme, score: score, moves: moves, pairs: 8, seed: seed,
                finishedAt: Date(timeIntervalSince1970: 1_700_000_000 + minute * 60))
}

/// The same contract, checked against SQLite and against memory.
enum Store: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, memory
    var testDescription: String { rawValue }

    func make() throws -> any ScoreRepository {
        switch self {
        case .sqlite: SQLiteScoreRepository(database: try AppDatabase.inMemory(migrator: SQLiteScoreRepository.migrator))
        case .memory: InMemoryScoreRepository()
        }
    }
}

@Suite("High scores")
struct ScoreRepositoryTests {
    @Test("add returns the rank in the theme: higher score first, then fewer moves", arguments: Store.allCases)
    func ranks(store: Store) throws {
        let scores = try store.make()
        #expect(try scores.add(record("Animals", score: 10, moves: 20)) == 1)
        #expect(try scores.add(record("Animals", score: 12, moves: 30)) == 1)
        #expect(try scores.add(record("Animals", score: 10, moves: 18)) == 2)
        #expect(try scores.add(record("Animals", score: 4, moves: 40)) == 4)
        #expect(try scores.add(record("Food", score: 1, moves: 40)) == 1)
        #expect(try scores.add(record("animals", score: 11, moves: 40)) == 2)
    }

    @Test("top gives the best games of each theme, themes by name, best first", arguments: Store.allCases)
    func top(store: Store) throws {
        let scores = try store.make()
        for (index, entry) in [("Food", 3, 10), ("Animals", 5, 16), ("Animals", 9, 20), ("Animals", 9, 18), ("Food", 7, 12), ("Animals", 1, 30)].enumerated() {
            _ = try scores.add(record(entry.0, score: entry.1, moves: entry.2, at: Double(index)))
        }
        let best = try scores.top(theme: nil, limit: 2)
        #expect(best.map { "\($0.theme) \($0.score)/\($0.moves)" } == ["Animals 9/18", "Animals 9/20", "Food 7/12", "Food 3/10"])
        let food = try scores.top(theme: "FOOD", limit: 10)
        #expect(food.map(\.score) == [7, 3])
        #expect(try scores.top(theme: "Vehicles", limit: 10).isEmpty)
    }

    @Test("a record comes back as it went in, seeds above Int64.max included", arguments: Store.allCases)
    func roundTrip(store: Store) throws {
        let scores = try store.make()
        let original = record("Faces", score: -3, moves: 52, seed: UInt64.max - 5, at: 3)
        _ = try scores.add(original)
        #expect(try scores.top(theme: "Faces", limit: 1) == [original])
    }

    @Test("scores in a SQLite file outlive the connection")
    func persists() throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("data/memorize.sqlite")
        let first = SQLiteScoreRepository(database: try AppDatabase(url: url, migrator: SQLiteScoreRepository.migrator))
        _ = try first.add(record("Sports", score: 6, moves: 22))
        let reopened = SQLiteScoreRepository(database: try AppDatabase(url: url, migrator: SQLiteScoreRepository.migrator))
        #expect(try reopened.top(theme: "Sports", limit: 5).map(\.score) == [6])
    }
}
