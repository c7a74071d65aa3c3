import ColorEventsEntity
import ColorEventsPresenter
import ColorEventsRepository
import ColorEventsUseCase
import Core
import Database
import Foundation

/// Builds the ColorEvents feature: the journal, the one event bus, and the presenters over it.
///
/// The bus is created here and injected into every presenter, so there is no global subject;
/// two scenes built here never hear each other.
public enum ColorEventsFactory {
    /// The journal on disk: `path`, else `$XDG_DATA_HOME/strata/color-events.sqlite`.
    ///
    /// - Parameters:
    ///   - seed: makes the colours repeatable; the system generator when `nil`.
    /// - Throws: `MessageError.storage` when the database cannot be opened.
    public static func liveBus(
        databasePath: String? = nil,
        seed: UInt64? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        clock: WallClock = .live
    ) throws -> ColorEventBus {
        let url = DatabaseLocation.resolve(fileName: SQLiteEventJournal.fileName, override: databasePath, environment: environment)
        let database = try AppDatabase(url: url, migrator: SQLiteEventJournal.migrator)
        return ColorEventBus(journal: SQLiteEventJournal(database: database), random: randomSource(seed), clock: clock)
    }

    /// A bus over a journal kept in memory: for tests and throwaway runs.
    public static func inMemoryBus(seed: UInt64? = nil, clock: WallClock = .live) -> ColorEventBus {
        ColorEventBus(journal: InMemoryEventJournal(), random: randomSource(seed), clock: clock)
    }

    /// The app's presenters over the journal on disk, brought to the state the journal leads to.
    @MainActor
    public static func live(
        databasePath: String? = nil,
        seed: UInt64? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws -> ColorEventsScene {
        let scene = ColorEventsScene(bus: try liveBus(databasePath: databasePath, seed: seed, environment: environment))
        try await scene.restore()
        return scene
    }

    /// The app's presenters over an in-memory journal.
    @MainActor
    public static func inMemory(seed: UInt64? = nil, clock: WallClock = .live) -> ColorEventsScene {
        ColorEventsScene(bus: inMemoryBus(seed: seed, clock: clock))
    }

    private static func randomSource(_ seed: UInt64?) -> RandomSource {
        seed.map(RandomSource.seeded) ?? .live
    }
}
