import Core
import Foundation
import MemorizeEntity
import MemorizePresenter
import MemorizeUseCase
import Observation
import Synchronization
import Testing

/// Where each emoji of Animals / seed 2024 lies, read through the use case (cards 1…16).
private func layout(_ useCase: MemorizeUseCase) async throws -> [String] {
    try await useCase.newGame(theme: .named("Animals"), seed: 2024).game.cards.map(\.content)
}

private let demoMoves = [1, 2, 3, 4, 5, 6, 7, 3, 8, 2, 9, 10, 11, 4, 12, 13, 14, 9, 15, 1, 16, 10]

@Suite("GamePresenter")
@MainActor
struct MemorizePresenterTests {
    let useCase = MemorizeUseCase.inMemory(random: .seeded(5))

    private func started() async throws -> GamePresenter {
        let presenter = GamePresenter(useCase: useCase)
        await presenter.start(theme: "Animals", seed: 2024)
        _ = try #require(presenter.state.value)
        return presenter
    }

    @Test("a new game shows 16 numbered face-down cards, the theme, its colour and zeroed figures")
    func newGame() async throws {
        let data = try #require(try await started().state.value)
        #expect(data.themeName == "Animals" && data.themeColor.name == "orange")
        #expect(data.cards.map(\.number) == Array(1...16))
        #expect(data.cards.allSatisfy { $0.face == .down && $0.content == nil })
        #expect(data.score == 0 && data.moves == 0 && data.matchedPairs == 0 && data.pairs == 8 && data.seed == 2024)
        #expect(data.lastMove == nil && !data.isOver && data.recording == nil)
    }

    @Test("a face-up card shows its emoji; a matched pair is gone, and the last move says it matched")
    func faceUpAndGone() async throws {
        let presenter = try await started()
        let contents = try await layout(useCase)
        let partner = try #require(contents.indices.first { $0 != 0 && contents[$0] == contents[0] }) + 1
        await presenter.choose(number: 1)
        var data = try #require(presenter.state.value)
        #expect(data.cards[0] == CardCell(number: 1, face: .up, content: contents[0]))
        #expect(data.lastMove == .chose(card: 1, .turnedUp(contents[0])))
        await presenter.choose(number: partner)
        data = try #require(presenter.state.value)
        #expect(data.cards[0].face == .gone && data.cards[partner - 1].face == .gone)
        #expect(data.cards[0].content == contents[0])
        #expect(data.lastMove == .chose(card: partner, .matched(contents[0])))
        #expect(data.score == 2 && data.moves == 2 && data.matchedPairs == 1)
    }

    @Test("a move that names no card is a refused move in the view data, and the game goes on")
    func badInput() async throws {
        let presenter = try await started()
        await presenter.choose(number: 3)
        await presenter.choose(input: "seven")
        #expect(presenter.state.value?.lastMove == .refused(.notACardNumber("seven", cardCount: 16)))
        await presenter.choose(input: " 17 ")
        #expect(presenter.state.value?.lastMove == .refused(.noCard(17, cardCount: 16)))
        #expect(presenter.state.value?.moves == 1)
        await presenter.choose(input: "3")
        #expect(presenter.state.value?.lastMove == .chose(card: 3, .ignored(.faceUp)))
        await presenter.choose(input: "4")
        #expect(presenter.state.value?.moves == 2)
        #expect(presenter.state.failure == nil)
    }

    @Test("the last match ends the game, records it and gives the rank")
    func gameOver() async throws {
        let presenter = try await started()
        for move in demoMoves { await presenter.choose(number: move) }
        let data = try #require(presenter.state.value)
        #expect(data.isOver)
        #expect(data.cards.allSatisfy { $0.face == .gone })
        #expect(data.score == 16 && data.moves == 22)
        #expect(data.recording == .ranked(1))
        await presenter.choose(number: 1)  // a choice after the end records nothing more
        #expect(try await useCase.topScores(theme: "Animals").first?.records.map(\.score) == [16])
    }

    @Test("a presenter told not to record leaves the scores alone")
    func notRecording() async throws {
        let presenter = GamePresenter(useCase: useCase, recordsScores: false)
        await presenter.start(theme: "Animals", seed: 2024)
        for move in demoMoves { await presenter.choose(number: move) }
        #expect(presenter.state.value?.isOver == true)
        #expect(presenter.state.value?.recording == nil)
        #expect(try await useCase.topScores().isEmpty)
    }

    @Test("an unknown theme fails the view state with the typed error")
    func failedStart() async {
        let presenter = GamePresenter(useCase: useCase)
        await presenter.start(theme: "Dinosaurs")
        let known = (try? await useCase.allThemes().map(\.name)) ?? []
        #expect(presenter.state.failure?.error as? MemorizeError == .unknownTheme("Dinosaurs", known: known))
    }

    @Test("a move or a restart before any deal fails with noGameInPlay")
    func noGame() async {
        let presenter = GamePresenter(useCase: useCase)
        await presenter.choose(number: 1)
        #expect(presenter.state.failure?.error as? MemorizeError == .noGameInPlay)
        let other = GamePresenter(useCase: useCase)
        await other.restart()
        #expect(other.state.failure?.error as? MemorizeError == .noGameInPlay)
    }

    @Test("restart deals again: same theme and size, a new seed, a fresh table")
    func restart() async throws {
        let presenter = try await started()
        await presenter.choose(number: 1)
        await presenter.restart()
        let data = try #require(presenter.state.value)
        #expect(data.themeName == "Animals" && data.pairs == 8 && data.moves == 0)
        #expect(data.seed != 2024)
        #expect(data.lastMove == .redealt)
        #expect(data.cards.allSatisfy { $0.face == .down })
    }

    @Test("observers of state hear about each choice, so views redraw from the presenter")
    func observable() async throws {
        let presenter = try await started()
        let changed = Mutex(0)
        withObservationTracking {
            _ = presenter.state
        } onChange: {
            changed.withLock { $0 += 1 }
        }
        await presenter.choose(number: 5)
        #expect(changed.withLock { $0 } == 1)
        #expect(presenter.state.value?.moves == 1)
    }
}

@Suite("Theme and score presenters")
@MainActor
struct ListPresenterTests {
    @Test("the themes screen lists every theme with pairs, the most pairs and the colour")
    func themes() async throws {
        let presenter = ThemeListPresenter(useCase: .inMemory())
        await presenter.load()
        let rows = try #require(presenter.state.value).rows
        #expect(rows.count >= 6)
        let orange = try #require(ThemeColor.named.first { $0.name == "orange" })
        #expect(
            rows.first
                == ThemeListViewData.Row(
                    name: "Animals", pairs: 8, maxPairs: 12, color: orange,
                    emoji: ["🐶", "🐱", "🐭", "🐹", "🐰", "🦊", "🐻", "🐼", "🐨", "🐯", "🦁", "🐮"]))
    }

    @Test("the score board ranks games per theme and dates them in UTC; no games is no rows")
    func scores() async throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14 22:13 UTC
        let records = [
            ScoreRecord(theme: "Food", score: 3, moves: 30, pairs: 10, seed: 1, finishedAt: date),
            ScoreRecord(theme: "Food", score: 9, moves: 24, pairs: 10, seed: 3, finishedAt: date),
        ]
        let presenter = ScoreBoardPresenter(useCase: .inMemory(records: records))
        await presenter.load()
        let board = try #require(presenter.state.value)
        #expect(
            board.rows == [
                .init(rank: 1, theme: "Food", score: 9, moves: 24, pairs: 10, seed: 3, date: "2023-11-14 22:13"),
                .init(rank: 2, theme: "Food", score: 3, moves: 30, pairs: 10, seed: 1, date: "2023-11-14 22:13"),
            ])
        await presenter.load(theme: "Animals")
        #expect(presenter.state.value?.rows.isEmpty == true)
    }
}
