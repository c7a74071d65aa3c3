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

    /// Both implementations must behave alike.
    static func journals(in directory: TemporaryDirectory) throws -> [any EventJournal] {
        let database = try AppDatabase(url: directory.path("journal.sqlite"), migrator: SQLiteEventJournal.migrator)
        return [InMemoryEventJournal(), SQLiteEventJournal(database: database)]
    }

    @Test("entries come back in order, with their time and colours, numbered from 1")
    func appendAndRead() throws {
        let directory = try TemporaryDirectory()
        for journal in try Self.journals(in: directory) {
            let time = Date(timeIntervalSince1970: 1_700_000_000.25)
            let first = try journal.append(.changeBothSidesColors, sentAt: time, colors: [Self.red, Self.blue])
            let second = try journal.append(.reset, sentAt: time + 1, colors: [])
            #expect(first.sequence == 1 && second.sequence == 2)
            let entries = try journal.allEntries()
            #expect(entries == [first, second])
            #expect(entries[0].colors == [Self.red, Self.blue])
            #expect(entries[0].sentAt == time)
        }
    }

    @Test("a limit keeps the latest entries, oldest first")
    func limit() throws {
        let directory = try TemporaryDirectory()
        for journal in try Self.journals(in: directory) {
            for event in [Event.selectLeft, .selectCenter, .selectRight] {
                _ = try journal.append(event, sentAt: Date(timeIntervalSince1970: 0), colors: [])
            }
            #expect(try journal.entries(limit: 2).map(\.event) == [.selectCenter, .selectRight])
            #expect(try journal.entries(limit: 0).isEmpty)
            #expect(try journal.entries(limit: 10).count == 3)
        }
    }

    @Test("the SQLite journal survives reopening the file")
    func persistent() throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("nested/color-events.sqlite")
        let journal = SQLiteEventJournal(database: try AppDatabase(url: url, migrator: SQLiteEventJournal.migrator))
        let entry = try journal.append(.changeLeftColor, sentAt: Date(timeIntervalSince1970: 5), colors: [Self.red])
        let reopened = SQLiteEventJournal(database: try AppDatabase(url: url, migrator: SQLiteEventJournal.migrator))
        #expect(try reopened.allEntries() == [entry])
    }

    @Test("a damaged row is bad data with a line that names the entry")
    func damaged() throws {
        let database = try AppDatabase.inMemory(migrator: SQLiteEventJournal.migrator)
        try database.writer.write { db in
            try db.execute(sql: "INSERT INTO event_journal (event, sent_at, colors) VALUES ('changeLeftColor', 0, '#12345')")
        }
        let error = #expect(throws: MessageError.self) { try SQLiteEventJournal(database: database).allEntries() }
        #expect(error?.kind == .badData)
        #expect(error?.message.contains("entry 1") == true)
    }
}
