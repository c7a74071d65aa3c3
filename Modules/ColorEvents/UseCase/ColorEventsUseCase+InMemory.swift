import ColorEventsEntity
import ColorEventsRepository
import Core

extension ColorEventsUseCase {
    /// A use case whose journal lives in memory: for presenter tests and throwaway runs.
    public static func inMemory(table: ActionTable = .standard, random: RandomSource, clock: WallClock = .reference)
        -> ColorEventsUseCase
    {
        ColorEventsUseCase(
            bus: ColorEventBus(table: table, journal: InMemoryJournalRepository(), random: random, clock: clock))
    }
}
