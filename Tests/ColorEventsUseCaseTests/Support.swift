import ColorEventsEntity
import ColorEventsRepository
import ColorEventsUseCase
import Core
import Foundation

/// A bus over an in-memory journal with a fixed seed and a manual clock.
func makeBus(
    table: ActionTable = .standard, seed: UInt64 = 7, journal: any JournalRepository = InMemoryJournalRepository()
) -> ColorEventBus {
    ColorEventBus(table: table, journal: journal, random: .seeded(seed), clock: ManualClock().clock)
}

/// The colours a seed draws first, in order.
func colours(seed: UInt64, count: Int) -> [RGBColor] {
    let source = RandomSource.seeded(seed)
    return (0..<count).map { _ in RGBColor.random(using: source) }
}

/// A journal whose writes always fail, like a full disk.
struct FailingJournal: JournalRepository {
    static let diskFull = StorageError(.write, path: "/tmp/journal.sqlite", reason: "disk I/O error")

    func append(_ event: Event, sentAt: Date, colors: [RGBColor]) throws -> JournalEntry {
        throw Self.diskFull
    }

    func entries(limit: Int?) throws -> [JournalEntry] { [] }

    func entries(after sequence: Int64) throws -> [JournalEntry] { [] }
}
