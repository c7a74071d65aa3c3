import ColorEventsEntity
import ColorEventsPresenter
import ColorEventsRepository
import ColorEventsUseCase
import Core
import Database
import Foundation
import Postgres

/// Builds the ColorEvents feature: the journal, the one event bus, the use case over it.
///
/// The bus is created here and injected, so there is no global subject: two features built
/// here never hear each other. The app resolves the database path; the factory never reads
/// the environment.
public enum ColorEventsFactory {
    /// The feature over the journal in the SQLite file at `databaseURL` (created and migrated if needed).
    ///
    /// - Parameters:
    ///   - seed: makes the colours repeatable; the system generator when `nil`.
    /// - Throws: `StorageError` when the database cannot be opened or migrated.
    ///   - access: `.readOnly` for commands that only read the journal: the file must exist and is never written.
    public static func live(
        databaseURL: URL, seed: UInt64? = nil, access: StorageAccess = .readWrite, clock: WallClock = .live
    ) throws -> ColorEventsFeature {
        let database = try AppDatabase(
            url: databaseURL, migrator: ColorEventsSchema.migrator,
            renamedMigrations: ColorEventsSchema.renamedMigrations, applicationID: ColorEventsSchema.applicationID,
            access: access)
        return feature(journal: SQLiteJournalRepository(database: database), seed: seed, clock: clock)
    }

    /// The feature over the journal in the PostgreSQL database at `databaseURL`
    /// (`postgres://user@host:port/db`), which any number of servers and commands may share: each
    /// append notifies the others (`LISTEN`/`NOTIFY`). Nothing connects until the feature runs
    /// (`run(_:)`), which migrates the schema first.
    ///
    /// - Throws: `ColorEventsError.notADatabaseURL` (naming the URL without its password) when it
    ///   is not a `postgres://` URL with a user and a host.
    public static func postgres(
        databaseURL: String, seed: UInt64? = nil, maximumConnections: Int = 10, clock: WallClock = .live
    ) throws -> ColorEventsFeature {
        guard let location = PostgresLocation(databaseURL) else {
            throw ColorEventsError.notADatabaseURL(url: PostgresLocation.redacting(databaseURL))
        }
        let database = PostgresStore(location: location, maximumConnections: maximumConnections)
        return feature(
            journal: PostgresJournalRepository(database: database), seed: seed, clock: clock, postgres: database)
    }

    /// The feature over a journal kept in memory: for tests and throwaway runs.
    public static func inMemory(seed: UInt64? = nil, clock: WallClock = .reference) -> ColorEventsFeature {
        feature(journal: InMemoryJournalRepository(), seed: seed, clock: clock)
    }

    private static func feature(
        journal: any JournalRepository, seed: UInt64?, clock: WallClock, postgres: PostgresStore? = nil
    ) -> ColorEventsFeature {
        let bus = ColorEventBus(journal: journal, random: seed.map(RandomSource.seeded) ?? .live, clock: clock)
        return ColorEventsFeature(useCase: ColorEventsUseCase(bus: bus), postgres: postgres)
    }
}

/// The feature as the app uses it: the use case, and the presenters built over it.
public struct ColorEventsFeature: Sendable {
    /// What a person can do: send events, restore and read the journal.
    public let useCase: ColorEventsUseCase
    /// The PostgreSQL database, whose connection pool must run while the feature is used.
    private let postgres: PostgresStore?

    init(useCase: ColorEventsUseCase, postgres: PostgresStore? = nil) {
        self.useCase = useCase
        self.postgres = postgres
    }

    /// Runs `body` with the journal ready: on PostgreSQL the pool runs and the schema is migrated
    /// first, then the pool stops; on a file or in memory, `body` just runs.
    ///
    /// - Throws: `StorageError` when PostgreSQL cannot be reached or migrated; `body`'s errors.
    public func run<Result: Sendable>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async throws -> Result {
        guard let postgres else { return try await body() }
        return try await postgres.run(migrating: ColorEventsSchema.postgres, body)
    }

    /// A wake-up whenever any process may have appended to the journal (PostgreSQL's `NOTIFY`);
    /// `nil` on a file or in memory, where a follower asks the journal from time to time.
    public func journalChanges() -> AsyncStream<Void>? {
        useCase.journalChanges()
    }

    /// The whole scene: the three screens and the tab bar, subscribed to the use case's bus.
    @MainActor
    public func makeScenePresenter() -> ScenePresenter { ScenePresenter(useCase: useCase) }

    /// One screen's presenter on its own, subscribed to that screen's actions.
    @MainActor
    public func makeScreenPresenter(_ screen: Screen) -> ScreenPresenter { ScreenPresenter(screen, useCase: useCase) }

    /// The tab bar's presenter on its own.
    @MainActor
    public func makeTabPresenter() -> TabPresenter { TabPresenter(useCase: useCase) }
}
