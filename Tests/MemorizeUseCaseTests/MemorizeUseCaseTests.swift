import Core
import Foundation
import MemorizeEntity
import MemorizeRepository
import MemorizeUseCase
import Testing

/// The demo's game: Animals, 8 pairs, seed 2024, won by a perfect memory (Tools/Scripts/demos/memorize.sh).
let demoMoves = "1,2,3,4,5,6,7,3,8,2,9,10,11,4,12,13,14,9,15,1,16,10"

@Suite("MemorizeUseCase")
struct MemorizeUseCaseTests {
    private let clock = ManualClock()

    private func useCase(records: [ScoreRecord] = []) -> MemorizeUseCase {
        MemorizeUseCase.inMemory(records: records, random: .seeded(99), clock: clock.clock)
    }

    @Test("the same seed deals the same game, theme included when it is random")
    func seeded() async throws {
        let useCase = useCase()
        let first = try await useCase.newGame(theme: .random, seed: 7)
        let second = try await useCase.newGame(theme: .random, seed: 7)
        #expect(first == second)
        let other = try await useCase.newGame(theme: .named(first.theme.name), seed: 8)
        #expect(other.game.cards.map(\.content) != first.game.cards.map(\.content))
        var themes = Set<String>()
        for seed in 0..<20 { themes.insert(try await useCase.newGame(theme: .random, seed: UInt64(seed)).theme.name) }
        #expect(themes.count > 2)
    }

    @Test("without a seed one is drawn from the injected source and kept for replay")
    func drawnSeed() async throws {
        let game = try await useCase().newGame(theme: .named("animals"))
        let replay = try await useCase().newGame(theme: .named("Animals"), seed: game.seed)
        #expect(game == replay)
        #expect(game.pairs == 8)
    }

    @Test("an unknown theme is not found, with the names there are; too many pairs is a validation error")
    func badRequests() async {
        await #expect(throws: MemorizeError.unknownTheme("Dinosaurs", known: BuiltInThemes.all.map(\.name))) {
            try await useCase().newGame(theme: .named("Dinosaurs"))
        }
        await #expect(throws: MemorizeError.tooManyPairs(theme: "Faces", pairs: 13, allowed: 2...12)) {
            try await useCase().newGame(theme: .named("Faces"), pairs: 13)
        }
        await #expect(throws: MemorizeError.noThemes) {
            try await MemorizeUseCase.inMemory(themes: []).newGame(theme: .random)
        }
        #expect(ThemeChoice("RANDOM") == .random)
    }

    @Test("cards are chosen by number from 1; a number with no card is refused and changes nothing")
    func choose() async throws {
        let useCase = useCase()
        var game = try await useCase.newGame(theme: .named("Halloween"), seed: 1)
        let before = game
        for number in [0, 13, -1] {
            #expect(throws: MemorizeError.noCard(number, cardCount: 12)) {
                try useCase.choose(cardNumber: number, in: &game)
            }
        }
        #expect(game == before)
        #expect(try useCase.choose(cardNumber: 1, in: &game) == .turnedUp(game.game.cards[0].content))
    }

    @Test("restart deals the same theme and pairs with a new seed")
    func restart() async throws {
        let useCase = useCase()
        let game = try await useCase.newGame(theme: .named("Food"), pairs: 4, seed: 3)
        let again = try await useCase.restart(game)
        #expect(again.theme == game.theme && again.pairs == 4)
        #expect(again.seed != game.seed)
    }

    @Test("only a finished game is recorded; the record carries its result and the clock's time")
    func record() async throws {
        let useCase = useCase()
        var game = try await useCase.newGame(theme: .named("Animals"), seed: 2024)
        await #expect(throws: MemorizeError.gameNotOver) { try await useCase.record(game) }
        for move in demoMoves.split(separator: ",").compactMap({ Int($0) }) {
            try useCase.choose(cardNumber: move, in: &game)
        }
        #expect(game.game.isOver)
        clock.advance(by: 60)
        #expect(try await useCase.record(game) == 1)
        let best = try await useCase.topScores(theme: "animals")
        #expect(best.count == 1)
        #expect(
            best.first?.records == [
                ScoreRecord(theme: "Animals", score: 16, moves: 22, pairs: 8, seed: 2024, finishedAt: clock.now)
            ])
    }

    @Test("top scores come grouped per theme, best first")
    func topScores() async throws {
        let date = Date(timeIntervalSince1970: 0)
        let records = [
            ScoreRecord(theme: "Food", score: 3, moves: 30, pairs: 10, seed: 1, finishedAt: date),
            ScoreRecord(theme: "Animals", score: 5, moves: 20, pairs: 8, seed: 2, finishedAt: date),
            ScoreRecord(theme: "Food", score: 9, moves: 24, pairs: 10, seed: 3, finishedAt: date),
        ]
        let groups = try await useCase(records: records).topScores(limit: 5)
        #expect(groups.map(\.theme) == ["Animals", "Food"])
        #expect(groups.last?.records.map(\.score) == [9, 3])
    }

    @Test("the demo's hard-coded moves are what a perfect memory plays for Animals, seed 2024")
    func demoSequence() async throws {
        let game = try await useCase().newGame(theme: .named("Animals"), seed: 2024)
        let moves = perfectMemoryMoves(game.game.cards.map(\.content))
        #expect(moves.map(String.init).joined(separator: ",") == demoMoves)
    }

    @Test("a perfect memory wins every seed with 2 points per pair")
    func perfectPlayer() async throws {
        let useCase = useCase()
        for seed in UInt64(0)..<30 {
            var game = try await useCase.newGame(theme: .random, seed: seed)
            for move in perfectMemoryMoves(game.game.cards.map(\.content)) {
                let outcome = try useCase.choose(cardNumber: move, in: &game)
                #expect(!outcome.isIgnored, "seed \(seed): move \(move) was ignored")
            }
            #expect(game.game.isOver && game.game.score == 2 * game.pairs, "seed \(seed)")
        }
    }
}

extension ChoiceOutcome {
    var isIgnored: Bool { if case .ignored = self { true } else { false } }
}
