import Core
import Foundation
import MemorizeEntity
import MemorizeUseCase
import Observation

/// The game's view model: holds the game, applies moves through the use case, and publishes view data.
///
/// Like CS193p's `EmojiMemoryGame`, it owns the model privately; a view reads `state` only.
/// A move the rules refuse is part of the game, not a failure: it is the view data's
/// `lastMove`, and the game goes on. `state` fails only when no game can be dealt.
@Observable
@MainActor
public final class GamePresenter: Presenting {
    /// What the game screen shows.
    public private(set) var state: ViewState<GameViewData> = .initial

    @ObservationIgnored private let useCase: MemorizeUseCase
    @ObservationIgnored private let recordsScores: Bool
    @ObservationIgnored private var game: EmojiGame?
    @ObservationIgnored private var recording: Recording?

    /// Creates a presenter; with `recordsScores` a finished game goes into the high scores.
    public init(useCase: MemorizeUseCase, recordsScores: Bool = true) {
        self.useCase = useCase
        self.recordsScores = recordsScores
    }

    /// Deals a new game of `theme` (a name or `random`), with `pairs` and `seed` when given.
    public func start(theme: String, pairs: Int? = nil, seed: UInt64? = nil) async {
        await load(\.state) {
            begin(try await useCase.newGame(theme: ThemeChoice(theme), pairs: pairs, seed: seed))
            return try viewData(lastMove: nil)
        }
    }

    /// Deals the same theme and number of pairs again, with a new seed.
    public func restart() async {
        await load(\.state) {
            guard let game else { throw MemorizeError.noGameInPlay }
            begin(try await useCase.restart(game))
            return try viewData(lastMove: .redealt)
        }
    }

    /// Chooses a card from what a player typed: its number, spaces allowed; anything else is refused.
    public func choose(input: String) async {
        let text = input.trimmingCharacters(in: .whitespaces)
        guard let number = Int(text) else {
            await load(\.state) {
                try viewData(lastMove: .refused(.notACardNumber(text, cardCount: game?.game.cards.count ?? 0)))
            }
            return
        }
        await choose(number: number)
    }

    /// Chooses the card numbered `number`; records the game when this choice ends it.
    public func choose(number: Int) async {
        await load(\.state) {
            guard var game else { throw MemorizeError.noGameInPlay }
            let outcome: ChoiceOutcome<String>
            do {
                outcome = try useCase.choose(cardNumber: number, in: &game)
            } catch let error as MemorizeError {
                return try viewData(lastMove: .refused(error))
            }
            self.game = game
            if game.game.isOver, recordsScores, recording == nil { await record(game) }
            return try viewData(lastMove: .chose(card: number, outcome))
        }
    }

    private func begin(_ game: EmojiGame) {
        self.game = game
        recording = nil
    }

    private func record(_ game: EmojiGame) async {
        do {
            recording = .ranked(try await useCase.record(game))
        } catch {
            recording = .notSaved(ViewFailure(error))
        }
    }

    private func viewData(lastMove: MoveOutcome?) throws -> GameViewData {
        guard let game else { throw MemorizeError.noGameInPlay }
        let model = game.game
        let cards = model.cards.enumerated().map { index, card in
            CardCell(
                number: index + 1, face: card.isMatched ? .gone : card.isFaceUp ? .up : .down,
                content: card.isMatched || card.isFaceUp ? card.content : nil)
        }
        return GameViewData(
            themeName: game.theme.name, themeColor: game.theme.color, cards: cards,
            score: model.score, moves: model.moves, matchedPairs: model.matchedPairs, pairs: game.pairs,
            seed: game.seed,
            lastMove: lastMove, isOver: model.isOver, recording: recording)
    }
}
