import ColorEventsEntity
import ColorEventsRepository
import Core
import Database
import Foundation
import Postgres
import Synchronization
import TestSupport
import Testing

@Suite("The event journal")
struct EventJournalTests {
    static let red = RGBColor(red: 255, green: 0, blue: 0)
    static let blue = RGBColor(red: 0, green: 0, blue: 255)

    static func open(_ url: URL) throws -> AppDatabase {
        try AppDatabase(
            url: url, migrator: ColorEventsSchema.migrator, renamedMigrations: ColorEventsSchema.renamedMigrations)
    }

    @Test("entries come back in order, with their time and colours, numbered from 1", arguments: JournalStore.allCases)
    func appendAndRead(_ store: JournalStore) async throws {
        try await store.withJournals { journal, _ in
            let time = Date(timeIntervalSince1970: 1_700_000_000.25)
            let first = try await journal.append(.changeBothSidesColors, sentAt: time, colors: [Self.red, Self.blue])
            let second = try await journal.append(.reset, sentAt: time + 1, colors: [])
            #expect(first.sequence == 1 && second.sequence == 2)
            let entries = try await journal.allEntries()
            #expect(entries == [first, second])
            #expect(entries[0].colors == [Self.red, Self.blue])
            #expect(entries[0].sentAt == time)
            #expect(try await journal.entries(after: 1) == [second])
            #expect(try await journal.entries(after: 2).isEmpty)
        }
    }

    @Test("times are kept to the whole millisecond in every journal", arguments: JournalStore.allCases)
    func milliseconds(_ store: JournalStore) async throws {
        try await store.withJournals { journal, _ in
            let time = Date(timeIntervalSince1970: 1_700_000_000.123_4)
            let entry = try await journal.append(.reset, sentAt: time, colors: [])
            #expect(entry.sentAt.millisecondsSince1970 == 1_700_000_000_123)
            #expect(try await journal.allEntries() == [entry])
        }
    }

    @Test("a limit keeps the latest entries, oldest first", arguments: JournalStore.allCases)
    func limit(_ store: JournalStore) async throws {
        try await store.withJournals { journal, _ in
            for event in [Event.selectLeft, .selectCenter, .selectRight] {
                _ = try await journal.append(event, sentAt: Date(timeIntervalSince1970: 0), colors: [])
            }
            #expect(try await journal.entries(limit: 2).map(\.event) == [.selectCenter, .selectRight])
            #expect(try await journal.entries(limit: 0).isEmpty)
            #expect(try await journal.entries(limit: 10).count == 3)
        }
    }

    @Test(
        "two writers append at once: numbers grow in commit order, so a follower reading after its last number misses none",
        arguments: JournalStore.allCases)
    func concurrentAppends(_ store: JournalStore) async throws {
        try await store.withJournals { first, second in
            let perWriter = 25
            let done = Flag()
            let writing = Task {
                defer { done.raise() }
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for journal in [first, second] {
                        group.addTask {
                            for _ in 0..<perWriter {
                                _ = try await journal.append(
                                    .selectLeft, sentAt: Date(timeIntervalSince1970: 0), colors: [])
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            // The follower reads after the last number it saw, as the bus does, until the writers are
            // done, then once more. A number it stepped over (a later one committed first) would never
            // come back: it would read past it and lack one.
            var seen: [Int64] = []
            var finished = false
            repeat {
                finished = done.isRaised
                seen += try await first.entries(after: seen.last ?? 0).map(\.sequence)
                await Task.yield()
            } while !finished
            try await writing.value
            #expect(seen == Array(1...Int64(2 * perWriter)))
        }
    }

    @Test("PostgreSQL wakes every listener when any writer commits an append; a file and memory have no signal")
    func changes() async throws {
        #expect(InMemoryJournalRepository().changes() == nil)
        let directory = try TemporaryDirectory()
        #expect(SQLiteJournalRepository(database: try Self.open(directory.path("j.sqlite"))).changes() == nil)
        try await JournalStore.postgres.withJournals { writer, listener in
            let changes = try #require(listener.changes())
            var wakeUps = changes.makeAsyncIterator()
            // The first wake-up: listening, and whatever was missed before is to be read.
            #expect(await wakeUps.next() != nil)
            let entry = try await writer.append(.selectRight, sentAt: Date(timeIntervalSince1970: 0), colors: [])
            #expect(await wakeUps.next() != nil)
            #expect(try await listener.entries(after: 0) == [entry])
        }
    }

    @Test("the SQLite journal survives reopening the file")
    func persistent() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("nested/color-events.sqlite")
        let journal = SQLiteJournalRepository(database: try Self.open(url))
        let entry = try await journal.append(
            .changeLeftColor, sentAt: Date(timeIntervalSince1970: 5), colors: [Self.red])
        let reopened = SQLiteJournalRepository(database: try Self.open(url))
        #expect(try await reopened.allEntries() == [entry])
    }

    @Test("damaged rows are bad data naming the entry")
    func damaged() async throws {
        let database = try AppDatabase.inMemory(migrator: ColorEventsSchema.migrator)
        try await database.write { db in
            try db.execute(
                sql: "INSERT INTO journal_events (event, sent_at, colors) VALUES ('changeLeftColor', 0, '#12345')")
        }
        await #expect(throws: ColorEventsError.damagedColor(sequence: 1, text: "#12345")) {
            try await SQLiteJournalRepository(database: database).allEntries()
        }
        try await database.write { db in
            try db.execute(sql: "DELETE FROM journal_events")
            try db.execute(sql: "INSERT INTO journal_events (event, sent_at, colors) VALUES ('paint', 0, '')")
        }
        await #expect(throws: ColorEventsError.unknownStoredEvent(sequence: 2, name: "paint")) {
            try await SQLiteJournalRepository(database: database).allEntries()
        }
        #expect(ColorEventsError.unknownStoredEvent(sequence: 2, name: "paint").kind == .badData)
    }

    @Test("a write that fails is a StorageError, not wrapped")
    func writeFailure() async throws {
        let database = try AppDatabase.inMemory(migrator: ColorEventsSchema.migrator)
        try await database.write { db in try db.execute(sql: "DROP TABLE journal_events") }
        let error = await #expect(throws: StorageError.self) {
            try await SQLiteJournalRepository(database: database).append(.reset, sentAt: Date(), colors: [])
        }
        #expect(error?.operation == .write)
    }
}

/// The stores the journal runs on: every test above runs on each, so no behaviour can differ unnoticed.
enum JournalStore: String, CaseIterable, CustomTestStringConvertible {
    case inMemory = "in memory"
    case sqlite = "SQLite"
    case postgres = "PostgreSQL"

    var testDescription: String { rawValue }

    /// Runs `body` with two journals on one new, empty store, as two processes would have them:
    /// separate SQLite connections or PostgreSQL pools (in memory, the same journal twice).
    func withJournals(
        _ body: (_ first: any JournalRepository, _ second: any JournalRepository) async throws -> Void
    ) async throws {
        switch self {
        case .inMemory:
            let memory = InMemoryJournalRepository()
            try await body(memory, memory)
        case .sqlite:
            let directory = try TemporaryDirectory()
            let url = directory.path("journal.sqlite")
            try await body(
                SQLiteJournalRepository(database: try EventJournalTests.open(url)),
                SQLiteJournalRepository(database: try EventJournalTests.open(url)))
        case .postgres:
            let location = try #require(PostgresLocation(try await PostgresCluster.makeDatabase()))
            // A deadline of 30 s: a full test run on 2 cores can hold the test cluster's answers past 5 s.
            let stores = (0..<2).map { _ in
                PostgresStore(location: location, maximumConnections: 4, deadline: .seconds(30))
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for store in stores { group.addTask { await store.run() } }
                defer { group.cancelAll() }
                try await ColorEventsSchema.postgres.apply(to: stores[0])
                try await body(
                    PostgresJournalRepository(database: stores[0]), PostgresJournalRepository(database: stores[1]))
            }
        }
    }
}

/// A flag one task raises and another reads.
final class Flag: Sendable {
    private let raised = Mutex(false)

    func raise() { raised.withLock { $0 = true } }

    var isRaised: Bool { raised.withLock { $0 } }
}
