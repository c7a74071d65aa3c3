import Core
import Database
import Foundation
import MemorizeEntity
import MemorizeFactory
import MemorizePresenter
import MemorizeRepository
import TestSupport
import Testing

private let demoMoves = [1, 2, 3, 4, 5, 6, 7, 3, 8, 2, 9, 10, 11, 4, 12, 13, 14, 9, 15, 1, 16, 10]

@Suite("MemorizeFactory")
@MainActor
struct MemorizeFactoryTests {
    @Test("live: a finished game lands in the SQLite file at $XDG_DATA_HOME/strata/memorize.sqlite")
    func liveDefaultPath() throws {
        let directory = try TemporaryDirectory()
        let factory = try MemorizeFactory.live(environment: ["XDG_DATA_HOME": directory.url.path, "HOME": "/nonexistent"])
        let game = try factory.makeGamePresenter()
        try game.start(theme: "Animals", seed: 2024)
        for move in demoMoves { try game.choose(number: move) }
        #expect(game.state.value?.isOver == true)
        let file = directory.path("strata/memorize.sqlite")
        #expect(FileManager.default.fileExists(atPath: file.path))
        let stored = SQLiteScoreRepository(database: try AppDatabase(url: file, migrator: SQLiteScoreRepository.migrator))
        #expect(try stored.top(theme: "Animals", limit: 5).map(\.moves) == [22])
        let board = try factory.makeScoreBoardPresenter()
        try board.load()
        #expect(board.state.value?.rows.map(\.score) == [16])
    }

    @Test("live: --db wins over the data directory, and the themes file comes from the option or MEMORIZE_THEMES")
    func liveOverrides() throws {
        let directory = try TemporaryDirectory()
        let themes = directory.path("themes.json")
        try Data(#"[{"name": "Duo", "emoji": ["🍏", "🍎", "🍋"], "pairs": 2, "color": "green"}]"#.utf8).write(to: themes)
        let database = directory.path("custom/scores.sqlite")
        let environment = ["XDG_DATA_HOME": directory.path("xdg").path, "MEMORIZE_THEMES": themes.path]
        let factory = try MemorizeFactory.live(databasePath: database.path, environment: environment)
        let list = factory.makeThemeListPresenter()
        try list.load()
        #expect(list.state.value?.last?.name == "Duo")
        let game = try factory.makeGamePresenter()
        try game.start(theme: "duo", seed: 1)
        #expect(game.state.value?.cardCount == 4)
        #expect(FileManager.default.fileExists(atPath: database.path))
        #expect(!FileManager.default.fileExists(atPath: directory.path("xdg/strata/memorize.sqlite").path))
        let explicit = try MemorizeFactory.live(themesFile: themes.path, environment: [:])
        let again = explicit.makeThemeListPresenter()
        try again.load()
        #expect(again.state.value?.contains { $0.name == "Duo" } == true)
    }

    @Test("live: a bad themes file fails at once with bad data; listing themes opens no database")
    func liveErrors() throws {
        let directory = try TemporaryDirectory()
        let themes = directory.path("themes.json")
        try Data(#"[{"name": "Solo", "emoji": ["🍏"]}]"#.utf8).write(to: themes)
        let error = #expect(throws: MessageError.self) { try MemorizeFactory.live(themesFile: themes.path, environment: [:]) }
        #expect(error?.kind == .badData)
        let unopenable = directory.path("dir")
        try FileManager.default.createDirectory(at: unopenable, withIntermediateDirectories: true)
        let factory = try MemorizeFactory.live(databasePath: unopenable.path, environment: [:])
        let list = factory.makeThemeListPresenter()
        try list.load()
        #expect(list.state.value?.isEmpty == false)
        let storage = #expect(throws: MessageError.self) { try factory.makeGamePresenter() }
        #expect(storage?.kind == .storage)
    }

    @Test("in memory: presenters share one score table and a seeded source")
    func inMemory() throws {
        let factory = MemorizeFactory.inMemory(random: .seeded(3))
        let game = try factory.makeGamePresenter()
        try game.start(theme: "Animals", seed: 2024)
        for move in demoMoves { try game.choose(number: move) }
        let board = try factory.makeScoreBoardPresenter()
        try board.load(theme: "Animals")
        #expect(board.state.value?.rows.count == 1)
        let first = try factory.makeGamePresenter(), second = try MemorizeFactory.inMemory(random: .seeded(3)).makeGamePresenter()
        try first.start(theme: "random")
        try second.start(theme: "random")
        #expect(first.state.value == second.state.value)
    }
}
