import ColorEventsEntity
import ColorEventsRepository
import Core
import Database
import Foundation
import TestSupport
import Testing

@Suite("The schema: a journal written before v2 reads back through the new repository")
struct SchemaMigrationTests {
    /// The schema as it shipped: one migration, "v1-event-journal", `event_journal` with `sent_at` in REAL seconds.
    static var oldMigrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-event-journal") { db in
            try db.create(table: "event_journal") { table in
                table.autoIncrementedPrimaryKey("sequence")
                table.column("event", .text).notNull()
                table.column("sent_at", .double).notNull()
                table.column("colors", .text).notNull().defaults(to: "")
            }
        }
        return migrator
    }

    @Test("every old row is kept, its time converted to milliseconds, and the journal replays exactly")
    func oldJournalReplays() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("color-events.sqlite")
        let (tomato, teal, navy) = (RGBColor(hex: "#FF6347"), RGBColor(hex: "#008080"), RGBColor(hex: "#000080"))
        let old: [(Event, Double, [RGBColor?])] = [
            (.changeBothSidesColors, 1_700_000_000.25, [tomato, teal]),
            (.startLoading, 1_700_000_001.5, []),
            (.changeLeftColor, 1_700_000_002.125, [navy]),
            (.finishLoading, 1_700_000_003, []),
            (.selectRight, 1_700_000_004.001, []),
        ]
        do {
            let database = try AppDatabase(url: url, migrator: Self.oldMigrator)
            try await database.write { db in
                for (event, seconds, colors) in old {
                    try db.execute(
                        sql: "INSERT INTO event_journal (event, sent_at, colors) VALUES (?, ?, ?)",
                        arguments: [event.rawValue, seconds, colors.compactMap { $0?.hex }.joined(separator: " ")])
                }
            }
        }
        let database = try AppDatabase(
            url: url, migrator: ColorEventsSchema.migrator, renamedMigrations: ColorEventsSchema.renamedMigrations)
        let entries = try await SQLiteJournalRepository(database: database).allEntries()
        #expect(entries.map(\.sequence) == [1, 2, 3, 4, 5])
        #expect(entries.map(\.event) == old.map(\.0))
        #expect(
            entries.map(\.sentAt.millisecondsSince1970) == [
                1_700_000_000_250, 1_700_000_001_500, 1_700_000_002_125, 1_700_000_003_000, 1_700_000_004_001,
            ])
        #expect(entries.map(\.colors) == old.map { $0.2.compactMap { $0 } })
        let scene = try SceneState.replaying(entries)
        #expect(scene.left.color == navy && scene.right.color == teal && scene.center.color == nil)
        #expect(Screen.allCases.allSatisfy { scene[$0].phase == .loaded })
        #expect(scene.selectedTab == .right)
        // The old table is gone, the columns are INTEGER, and the migrations carry their new ids.
        let (oldTableExists, timeType, migrations) = try await database.read { db throws in
            (
                try db.tableExists("event_journal"),
                try String.fetchOne(db, sql: "SELECT typeof(sent_at) FROM journal_events LIMIT 1"),
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
            )
        }
        #expect(!oldTableExists)
        #expect(timeType == "integer")
        #expect(migrations == ["v1", "v2"])
        // New entries continue the numbering.
        let next = try await SQLiteJournalRepository(database: database).append(
            .reset, sentAt: Date(timeIntervalSince1970: 1_700_000_005), colors: [])
        #expect(next.sequence == 6)
    }
}
