import ColorEventsEntity
import ColorEventsRepository
import Core

extension ColorEventBus {
    /// A bus whose journal lives in memory: the test value, for presenter tests and previews.
    public static func inMemory(table: ActionTable = .standard, random: RandomSource, clock: WallClock = .live) -> ColorEventBus {
        ColorEventBus(table: table, journal: InMemoryEventJournal(), random: random, clock: clock)
    }
}
