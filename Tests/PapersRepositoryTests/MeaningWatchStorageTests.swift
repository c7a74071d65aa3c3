import Database
import Foundation
import PapersEntity
import PapersRepository
import TestSupport
import Testing

/// Watches by meaning in the library file: stored with their threshold beside the watches by words,
/// and a library written before they existed opens with its watches as they were.
@Suite("Meaning watches in the SQLite library")
struct MeaningWatchStorageTests {
    @Test("a v7 library's watch reads as words after the upgrade; a meaning watch keeps its threshold")
    func upgradeAndRoundTrip() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("v7.sqlite")
        do {
            let queue = try DatabaseQueue(path: url.path)
            try PapersSchema.migrator.migrate(queue, upTo: "v7")
            try await queue.write { db in
                try db.execute(
                    sql:
                        "INSERT INTO watches (name, query, categories) VALUES ('helium', 'au:maestro helium', 'cond-mat')"
                )
            }
        }
        let library = SQLitePaperLibrary(
            database: try AppDatabase(
                url: url, migrator: PapersSchema.migrator, renamedMigrations: PapersSchema.renamedMigrations))
        let meaning = try Watch(name: "gnn", meaning: "graph neural networks", threshold: 0.45, categories: ["cs.LG"])
        try await library.addWatch(meaning)
        let watches = try await library.watches()
        #expect(watches == [try Watch(name: "helium", query: "au:maestro helium", categories: ["cond-mat"]), meaning])
        #expect(watches.map(\.threshold) == [nil, 0.45])
        #expect(watches.first?.expression != nil && watches.last?.expression == nil)
    }
}
