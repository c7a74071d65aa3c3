import Core
import Foundation
import MemorizeEntity
@testable import MemorizePresenter
import MemorizeUseCase
import Observation
import Testing
import Synchronization

/// Where each emoji of Animals / seed 2024 lies, read through the use case (cards 1…16).
private func layout(_ useCase: MemorizeUseCase) throws -> [String] {
    try useCase.newGame(theme: .named("Animals"), seed: 2024).game.cards.map(\.content)
}

private let demoMoves = [1, 2, 3, 4, 5, 6, 7, 3, 8, 2, 9, 10, 11, 4, 12, 13, 14, 9, 15, 1, 16, 10]

@Suite("MemorizePresenter")
@MainActor
struct MemorizePresenterTests {
    let useCase = MemorizeUseCase.inMemory(random: .seeded(5))

    private func started() throws -> MemorizePresenter {
        let presenter = MemorizePresenter(useCase: useCase)
        try presenter.start(theme: "Animals", seed: 2024)
        return presenter
    }

    @Test("a new game shows a numbered 4×4 grid of backs, the theme, its colour and zeroed figures")
    func newGame() throws {
        let data = try #require(try started().state.value)
        #expect(data.themeName == "Animals" && data.themeColor.name == "orange")
        #expect(data.rows.count == 4 && data.rows.allSatisfy { $0.count == 4 })
        #expect(data.rows.flatMap { $0 }.map(\.number) == Array(1...16))
        #expect(data.rows.flatMap { $0 }.allSatisfy { $0.face == .down && $0.symbol == MemorizePresenter.backSymbol && $0.content == nil })
        #expect(data.statusLine == "score 0 · moves 0 · matched 0/8 · seed 2024")
        #expect(data.resultLine == "Not over: 0 of 8 pairs matched.")
        #expect(data.gameOverLine == nil && !data.isOver && data.message == nil)
        #expect(data.prompt.contains("1-16"))
    }

    @Test("a face-up card shows its emoji; a matched pair is gone and the message says so")
    func faceUpAndGone() throws {
        let presenter = try started()
        let contents = try layout(useCase)
        let first = 1
        let partner = try #require(contents.indices.first { $0 != 0 && contents[$0] == contents[0] }) + 1
        try presenter.choose(number: first)
        var cells = try #require(presenter.state.value).rows.flatMap { $0 }
        #expect(cells[0].face == .up && cells[0].symbol == contents[0])
        try presenter.choose(number: partner)
        let data = try #require(presenter.state.value)
        cells = data.rows.flatMap { $0 }
        #expect(cells[0].face == .gone && cells[partner - 1].face == .gone)
        #expect(cells[0].symbol == MemorizePresenter.goneSymbol)
        #expect(data.message == "Match! \(contents[0]) \(contents[0]) +2")
        #expect(data.score == 2 && data.moves == 2 && data.matchedPairs == 1)
    }

    @Test("bad input becomes a message and an error, and the game goes on")
    func badInput() throws {
        let presenter = try started()
        try presenter.choose(number: 3)
        let text = #expect(throws: MessageError.self) { try presenter.choose(input: "seven") }
        #expect(text?.kind == .usage)
        #expect(presenter.state.value?.message == "'seven' is not a card number; type a number from 1 to 16, r to restart or q to quit")
        let range = #expect(throws: MessageError.self) { try presenter.choose(input: " 17 ") }
        #expect(range?.kind == .validation)
        #expect(presenter.state.value?.message == "there is no card 17; choose a card from 1 to 16")
        #expect(presenter.state.value?.moves == 1)
        try presenter.choose(input: "3")
        #expect(presenter.state.value?.message == "Card 3 is already face up; choose a face-down card.")
        try presenter.choose(input: "4")
        #expect(presenter.state.value?.moves == 2)
    }

    @Test("the last match ends the game, records it and says the rank")
    func gameOver() throws {
        let presenter = try started()
        for move in demoMoves { try presenter.choose(number: move) }
        let data = try #require(presenter.state.value)
        #expect(data.isOver)
        #expect(data.rows.flatMap { $0 }.allSatisfy { $0.face == .gone })
        #expect(data.gameOverLine == "Game over: all 8 pairs matched in 22 moves, score 16. Rank #1 for Animals.")
        #expect(data.resultLine == data.gameOverLine)
        let scores = try useCase.topScores(theme: "Animals")
        #expect(scores.first?.records.map(\.score) == [16])
    }

    @Test("a presenter told not to record leaves the scores alone")
    func notRecording() throws {
        let presenter = MemorizePresenter(useCase: useCase, recordsScores: false)
        try presenter.start(theme: "Animals", seed: 2024)
        for move in demoMoves { try presenter.choose(number: move) }
        #expect(presenter.state.value?.gameOverLine == "Game over: all 8 pairs matched in 22 moves, score 16.")
        #expect(try useCase.topScores().isEmpty)
    }

    @Test("an unknown theme fails the view state and throws the not-found error")
    func failedStart() {
        let presenter = MemorizePresenter(useCase: useCase)
        let error = #expect(throws: MessageError.self) { try presenter.start(theme: "Dinosaurs") }
        #expect(error?.kind == .notFound)
        #expect(presenter.state.failure.map { MessageError.describe($0.error) } == error?.message)
    }

    @Test("restart deals again: same theme and size, a new seed, a fresh table")
    func restart() throws {
        let presenter = try started()
        try presenter.choose(number: 1)
        try presenter.restart()
        let data = try #require(presenter.state.value)
        #expect(data.themeName == "Animals" && data.pairs == 8 && data.moves == 0)
        #expect(data.seed != 2024)
        #expect(data.rows.flatMap { $0 }.allSatisfy { $0.face == .down })
    }

    @Test("observers of state hear about each choice, so views redraw from the presenter")
    func observable() throws {
        let presenter = try started()
        let changed = Mutex(0)
        withObservationTracking { _ = presenter.state } onChange: { changed.withLock { $0 += 1 } }
        try presenter.choose(number: 5)
        #expect(changed.withLock { $0 } == 1)
    }

    @Test("grids keep full rows where they can", arguments: [(4, 2), (6, 3), (8, 4), (12, 4), (16, 4), (20, 5), (24, 6), (30, 6)])
    func grid(cards: Int, columns: Int) throws {
        let letters = (0..<cards / 2).map { String(UnicodeScalar(UInt8(65 + $0))) }
        let theme = try Theme(name: "Letters", contents: letters, pairs: cards / 2, color: ThemeColor(name: "gray", red: 1, green: 1, blue: 1))
        let presenter = MemorizePresenter(useCase: .inMemory(themes: [theme]))
        try presenter.start(theme: "Letters", seed: 1)
        #expect(presenter.state.value?.rows.first?.count == columns)
        #expect(presenter.state.value?.cardCount == cards)
    }
}

@Suite("Theme and score presenters")
@MainActor
struct ListPresenterTests {
    @Test("the themes screen lists every theme with pairs, the most pairs and the colour")
    func themes() throws {
        let presenter = ThemeListPresenter(useCase: .inMemory())
        try presenter.load()
        let rows = try #require(presenter.state.value)
        #expect(rows.count >= 6)
        #expect(rows.first == ThemeListPresenter.Row(
            name: "Animals", pairs: 8, maxPairs: 12, color: "orange",
            emoji: ["🐶", "🐱", "🐭", "🐹", "🐰", "🦊", "🐻", "🐼", "🐨", "🐯", "🦁", "🐮"]))
        #expect(presenter.colors["Animals"]?.name == "orange")
    }

    @Test("the score board ranks games per theme, dates them in UTC, and says when it is empty")
    func scores() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14 22:13 UTC
        let records = [
            ScoreRecord(theme: "Food", score: 3, moves: 30, pairs: 10, seed: 1, finishedAt: date),
            ScoreRecord(theme: "Food", score: 9, moves: 24, pairs: 10, seed: 3, finishedAt: date),
        ]
        let presenter = ScoreBoardPresenter(useCase: .inMemory(records: records))
        try presenter.load()
        let board = try #require(presenter.state.value)
        #expect(board.rows == [
            .init(rank: 1, theme: "Food", score: 9, moves: 24, pairs: 10, seed: 3, date: "2023-11-14 22:13"),
            .init(rank: 2, theme: "Food", score: 3, moves: 30, pairs: 10, seed: 1, date: "2023-11-14 22:13"),
        ])
        #expect(board.emptyLine == nil)
        try presenter.load(theme: "Animals")
        #expect(presenter.state.value?.rows.isEmpty == true)
        #expect(presenter.state.value?.emptyLine?.contains("No scores yet for Animals") == true)
    }
}
