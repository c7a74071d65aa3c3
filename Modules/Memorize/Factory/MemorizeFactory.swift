import Core
import Database
import Foundation
import MemorizeEntity
import MemorizePresenter
import MemorizeRepository
import MemorizeUseCase

/// Builds the Memorize feature: themes, scores, clock and random source, wired into presenters.
///
/// `live` reads the user's themes file and opens the SQLite high scores only when a screen
/// needs them; `inMemory` keeps everything in memory for tests.
public struct MemorizeFactory: Sendable {
    /// The environment variable naming a themes file when `--themes-file` is not given.
    public static let themesFileVariable = "MEMORIZE_THEMES"

    private let themes: any ThemeRepository
    private let openScores: @Sendable () throws -> any ScoreRepository
    private let random: RandomSource
    private let clock: WallClock

    private init(
        themes: any ThemeRepository, openScores: @escaping @Sendable () throws -> any ScoreRepository,
        random: RandomSource, clock: WallClock
    ) {
        self.themes = themes
        self.openScores = openScores
        self.random = random
        self.clock = clock
    }

    /// The real feature: built-in themes plus `themesFile` (or `$MEMORIZE_THEMES`), scores in SQLite
    /// at `databasePath` or `$XDG_DATA_HOME/strata/memorize.sqlite`, the system clock and random source.
    ///
    /// - Throws: the themes file's `MessageError` (not found, bad data) at once.
    public static func live(
        databasePath: String? = nil,
        themesFile: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> MemorizeFactory {
        let themes: any ThemeRepository
        if let path = themesFile ?? environment[themesFileVariable].flatMap({ $0.isEmpty ? nil : $0 }) {
            themes = try ThemeFileRepository(url: URL(fileURLWithPath: path))
        } else {
            themes = InMemoryThemeRepository()
        }
        let url = DatabaseLocation.resolve(fileName: SQLiteScoreRepository.fileName, override: databasePath, environment: environment)
        return MemorizeFactory(
            themes: themes,
            openScores: { SQLiteScoreRepository(database: try AppDatabase(url: url, migrator: SQLiteScoreRepository.migrator)) },
            random: .live, clock: .live)
    }

    /// The feature in memory: `themes`, an empty score table shared by every presenter, a seeded source and a fixed clock.
    public static func inMemory(
        themes: [Theme] = BuiltInThemes.all,
        random: RandomSource = .seeded(0),
        clock: WallClock = .fixed(Date(timeIntervalSince1970: 1_700_000_000))
    ) -> MemorizeFactory {
        let scores = InMemoryScoreRepository()
        return MemorizeFactory(
            themes: InMemoryThemeRepository(themes: themes), openScores: { scores }, random: random, clock: clock)
    }

    /// The game screen's presenter; opens the high scores first, so a bad database fails before play starts.
    @MainActor
    public func makeGamePresenter(recordsScores: Bool = true) throws -> MemorizePresenter {
        MemorizePresenter(useCase: try useCase(), recordsScores: recordsScores)
    }

    /// The themes screen's presenter; it needs no database.
    @MainActor
    public func makeThemeListPresenter() -> ThemeListPresenter {
        // Listing themes never reads or writes scores, so `memorize themes` works without a database.
        ThemeListPresenter(useCase: MemorizeUseCase(themes: themes, scores: InMemoryScoreRepository(), random: random, clock: clock))
    }

    /// The high-score screen's presenter.
    @MainActor
    public func makeScoreBoardPresenter() throws -> ScoreBoardPresenter {
        ScoreBoardPresenter(useCase: try useCase())
    }

    private func useCase() throws -> MemorizeUseCase {
        MemorizeUseCase(themes: themes, scores: try openScores(), random: random, clock: clock)
    }
}
