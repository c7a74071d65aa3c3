import Core
import Database
import Foundation
import MemorizeEntity
import MemorizeFactory
import MemorizePresenter
import MemorizeRepository
import MemorizeUseCase
import TestSupport
import Testing

private let demoMoves = [1, 2, 3, 4, 5, 6, 7, 3, 8, 2, 9, 10, 11, 4, 12, 13, 14, 9, 15, 1, 16, 10]

/// A score table whose disk has failed.
private struct FailingScores: ScoreRepository {
    static let error = StorageError(.write, path: "/data/memorize.sqlite", reason: "disk I/O error")
    func add(_ record: ScoreRecord) throws -> Int { throw Self.error }
    func top(theme: String?, limit: Int) throws -> [ScoreRecord] { throw Self.error }
}

@Suite("MemorizeFactory")
@MainActor
struct MemorizeFactoryTests {
    @Test("live: a finished game lands in the SQLite file at databaseURL, under MemorizeSchema")
    func liveDatabase() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("data/memorize.sqlite")
        let feature = try MemorizeFactory.live(databaseURL: file, themesFile: nil)
        let game = try feature.makeGamePresenter()
        await game.start(theme: "Animals", seed: 2024)
        for move in demoMoves { await game.choose(number: move) }
        #expect(game.state.value?.recording == .ranked(1))
        #expect(FileManager.default.fileExists(atPath: file.path))
        let stored = SQLiteScoreRepository(
            database: try AppDatabase(
                url: file, migrator: MemorizeSchema.migrator, renamedMigrations: MemorizeSchema.renamedMigrations))
        #expect(try await stored.top(theme: "Animals", limit: 5).map(\.moves) == [22])
        let board = try feature.makeScoreBoardPresenter()
        await board.load()
        #expect(board.state.value?.rows.map(\.score) == [16])
    }

    @Test("live: the themes file's themes come after the built-in ones")
    func liveThemesFile() async throws {
        let directory = try TemporaryDirectory()
        let themes = directory.path("themes.json")
        try Data(#"[{"name": "Duo", "emoji": ["🍏", "🍎", "🍋"], "pairs": 2, "color": "green"}]"#.utf8).write(to: themes)
        let feature = try MemorizeFactory.live(databaseURL: directory.path("scores.sqlite"), themesFile: themes)
        let list = feature.makeThemeListPresenter()
        await list.load()
        #expect(list.state.value?.rows.last?.name == "Duo")
        let game = try feature.makeGamePresenter()
        await game.start(theme: "duo", seed: 1)
        #expect(game.state.value?.cards.count == 4)
    }

    @Test("live: a bad themes file fails at once with its typed error")
    func liveBadThemes() throws {
        let directory = try TemporaryDirectory()
        let themes = directory.path("themes.json")
        try Data(#"[{"name": "Solo", "emoji": ["🍏"]}]"#.utf8).write(to: themes)
        #expect(
            throws: MemorizeError.badTheme(
                path: themes.path, position: 1, name: "Solo", problem: .tooFewEmoji(theme: "Solo", distinct: 1))
        ) {
            try MemorizeFactory.live(databaseURL: directory.path("scores.sqlite"), themesFile: themes)
        }
    }

    @Test("live: listing themes opens no database; the game and the board fail with StorageError when it cannot open")
    func liveLazyDatabase() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("untouched/memorize.sqlite")
        let feature = try MemorizeFactory.live(databaseURL: file, themesFile: nil)
        let list = feature.makeThemeListPresenter()
        await list.load()
        #expect(list.state.value?.rows.isEmpty == false)
        #expect(!FileManager.default.fileExists(atPath: directory.path("untouched").path))

        let unopenable = directory.path("dir")
        try FileManager.default.createDirectory(at: unopenable, withIntermediateDirectories: true)
        let broken = try MemorizeFactory.live(databaseURL: unopenable, themesFile: nil)
        await broken.makeThemeListPresenter().load()
        let error = #expect(throws: StorageError.self) { try broken.makeGamePresenter() }
        #expect(error?.operation == .open && error?.path == unopenable.path)
        #expect(throws: StorageError.self) { try broken.makeScoreBoardPresenter() }
    }

    @Test("in memory: presenters share one score table and a seeded source")
    func inMemory() async throws {
        let feature = MemorizeFactory.inMemory(random: .seeded(3))
        let game = try feature.makeGamePresenter()
        await game.start(theme: "Animals", seed: 2024)
        for move in demoMoves { await game.choose(number: move) }
        let board = try feature.makeScoreBoardPresenter()
        await board.load(theme: "Animals")
        #expect(board.state.value?.rows.count == 1)
        let first = try feature.makeGamePresenter()
        let second = try MemorizeFactory.inMemory(random: .seeded(3)).makeGamePresenter()
        await first.start(theme: "random")
        await second.start(theme: "random")
        #expect(first.state.value == second.state.value)
    }

    @Test("a finished game that cannot be saved says why, typed, and the game still ends")
    func notSaved() async throws {
        let useCase = MemorizeUseCase(
            themes: InMemoryThemeRepository(), scores: FailingScores(), random: .seeded(1), clock: .live)
        let game = GamePresenter(useCase: useCase)
        await game.start(theme: "Animals", seed: 2024)
        for move in demoMoves { await game.choose(number: move) }
        let data = try #require(game.state.value)
        #expect(data.isOver)
        #expect(data.recording == .notSaved(ViewFailure(FailingScores.error)))
    }
}
