import ColorEventsEntity
import ColorEventsRepository
import Core
import Database
import Foundation
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

    /// Both implementations must behave alike.
    static func journals(in directory: TemporaryDirectory) throws -> [any JournalRepository] {
        [InMemoryJournalRepository(), SQLiteJournalRepository(database: try open(directory.path("journal.sqlite")))]
    }

    @Test("entries come back in order, with their time and colours, numbered from 1")
    func appendAndRead() async throws {
        let directory = try TemporaryDirectory()
        for journal in try Self.journals(in: directory) {
            let time = Date(timeIntervalSince1970: 1_700_000_000.25)
            let first = try await journal.append(.changeBothSidesColors, sentAt: time, colors: [Self.red, Self.blue])
            let second = try await journal.append(.reset, sentAt: time + 1, colors: [])
            #expect(first.sequence == 1 && second.sequence == 2)
            let entries = try await journal.allEntries()
            #expect(entries == [first, second])
            #expect(entries[0].colors == [Self.red, Self.blue])
            #expect(entries[0].sentAt == time)
        }
    }

    @Test("times are kept to the whole millisecond in both journals")
    func milliseconds() async throws {
        let directory = try TemporaryDirectory()
        for journal in try Self.journals(in: directory) {
            let time = Date(timeIntervalSince1970: 1_700_000_000.123_4)
            let entry = try await journal.append(.reset, sentAt: time, colors: [])
            #expect(entry.sentAt.millisecondsSince1970 == 1_700_000_000_123)
            #expect(try await journal.allEntries() == [entry])
        }
    }

    @Test("a limit keeps the latest entries, oldest first")
    func limit() async throws {
        let directory = try TemporaryDirectory()
        for journal in try Self.journals(in: directory) {
            for event in [Event.selectLeft, .selectCenter, .selectRight] {
                _ = try await journal.append(event, sentAt: Date(timeIntervalSince1970: 0), colors: [])
            }
            #expect(try await journal.entries(limit: 2).map(\.event) == [.selectCenter, .selectRight])
            #expect(try await journal.entries(limit: 0).isEmpty)
            #expect(try await journal.entries(limit: 10).count == 3)
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
