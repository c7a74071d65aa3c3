import Core
import Database
import Foundation
import MemorizeEntity
import MemorizePresenter
import MemorizeRepository
import MemorizeUseCase

/// Builds the Memorize feature: themes, high scores, clock and random source, wired into one use case.
///
/// The app resolves the paths (`--db`, `--themes-file` and their variables) and passes URLs;
/// the factory reads no environment.
public enum MemorizeFactory {
    /// The real feature: the built-in themes plus `themesFile`'s, high scores in the SQLite file at
    /// `databaseURL` (opened only when a screen needs them), the system clock and random source.
    ///
    /// - Throws: the themes file's `MemorizeError` at once, before any game is dealt.
    /// With `access: .readOnly` (the high-score list) the file must exist and is never written.
    public static func live(databaseURL: URL, themesFile: URL?, access: StorageAccess = .readWrite) throws
        -> MemorizeFeature
    {
        let themes: any ThemeRepository =
            try themesFile.map { try ThemeFileRepository(url: $0) } ?? InMemoryThemeRepository()
        let scores = LazyScoreRepository {
            SQLiteScoreRepository(
                database: try AppDatabase(
                    url: databaseURL, migrator: MemorizeSchema.migrator,
                    renamedMigrations: MemorizeSchema.renamedMigrations, applicationID: MemorizeSchema.applicationID,
                    access: access))
        }
        return MemorizeFeature(
            useCase: MemorizeUseCase(themes: themes, scores: scores, random: .live, clock: .live),
            openScores: { try scores.open() })
    }

    /// The feature in memory: `themes`, a score table holding `records` shared by every presenter,
    /// a seeded source and a fixed clock.
    public static func inMemory(
        themes: [Theme] = BuiltInThemes.all,
        records: [ScoreRecord] = [],
        random: RandomSource = .seeded(0),
        clock: WallClock = .reference
    ) -> MemorizeFeature {
        MemorizeFeature(
            useCase: .inMemory(themes: themes, records: records, random: random, clock: clock), openScores: {})
    }
}

/// The wired feature: its use case, and the presenters of its three screens.
public struct MemorizeFeature: Sendable {
    /// The use case every presenter shares.
    public let useCase: MemorizeUseCase
    /// Opens the high scores now (a no-op once open or in memory), so a bad database fails before play.
    private let openScores: @Sendable () throws -> Void

    init(useCase: MemorizeUseCase, openScores: @escaping @Sendable () throws -> Void) {
        self.useCase = useCase
        self.openScores = openScores
    }

    /// The game screen's presenter; opens the high scores first, so a bad database fails before the deal.
    ///
    /// - Throws: `StorageError` when the database cannot be opened.
    @MainActor
    public func makeGamePresenter(recordsScores: Bool = true) throws -> GamePresenter {
        try openScores()
        return GamePresenter(useCase: useCase, recordsScores: recordsScores)
    }

    /// The themes screen's presenter; it never opens the database, so `memorize themes` works without one.
    @MainActor
    public func makeThemeListPresenter() -> ThemeListPresenter {
        ThemeListPresenter(useCase: useCase)
    }

    /// The high-score screen's presenter; opens the high scores first.
    ///
    /// - Throws: `StorageError` when the database cannot be opened.
    @MainActor
    public func makeScoreBoardPresenter() throws -> ScoreBoardPresenter {
        try openScores()
        return ScoreBoardPresenter(useCase: useCase)
    }
}
