import Core
import MemorizeEntity
import MemorizeUseCase
import Foundation
import Observation

/// The game's view model: holds the game, applies choices through the use case, and publishes view data.
///
/// Like CS193p's `EmojiMemoryGame`, it owns the model privately; a view reads `state` only.
/// Input problems never end the game: they become the view data's `message`, and the method
/// also throws the `MessageError` so a script-facing caller can exit with its code.
@Observable
@MainActor
public final class MemorizePresenter {
    /// What the game screen shows.
    public private(set) var state: ViewState<MemorizeViewData> = .initial
    /// Why the finished game could not be saved, if it could not.
    public private(set) var recordingError: MessageError?

    /// What a face-down card shows: two columns, like an emoji.
    public static let backSymbol = "▒▒"
    /// What a matched card leaves behind: two blank columns.
    public static let goneSymbol = "  "

    @ObservationIgnored private let useCase: MemorizeUseCase
    @ObservationIgnored private let recordsScores: Bool
    @ObservationIgnored private var game: EmojiGame?
    @ObservationIgnored private var rank: Int?

    /// Creates a presenter; with `recordsScores` a finished game goes into the high scores.
    public init(useCase: MemorizeUseCase, recordsScores: Bool = true) {
        self.useCase = useCase
        self.recordsScores = recordsScores
    }

    /// Deals a new game of `theme` (a name or `random`), with `pairs` and `seed` when given.
    public func start(theme: String, pairs: Int? = nil, seed: UInt64? = nil) throws {
        state.apply(.load)
        do {
            let game = try useCase.newGame(theme: ThemeChoice(theme), pairs: pairs, seed: seed)
            begin(game)
            state.apply(.succeed(viewData(message: nil)))
        } catch {
            state.apply(.fail(ViewFailure(error)))
            throw MessageError.wrap(error)
        }
    }

    /// Deals the same theme and number of pairs again, with a new seed.
    public func restart() throws {
        guard let game else { throw MessageError.conflict("no game to restart; start one first") }
        do {
            begin(try useCase.restart(game))
            publish(message: "New game: the cards were dealt again.")
        } catch {
            publish(message: MessageError.describe(error))
            throw MessageError.wrap(error)
        }
    }

    /// Chooses a card from what a player typed: its number, spaces allowed.
    ///
    /// - Throws: `MessageError.usage` for text that is not a number, `MessageError.validation`
    ///   for a number with no card; the game goes on either way.
    public func choose(input: String) throws {
        let text = input.trimmingCharacters(in: .whitespaces)
        guard let number = Int(text) else {
            let count = game?.game.cards.count ?? 0
            let error = MessageError.usage("'\(text)' is not a card number; type a number from 1 to \(count), r to restart or q to quit")
            publish(message: error.message)
            throw error
        }
        try choose(number: number)
    }

    /// Chooses the card numbered `number`; records the game when this choice ends it.
    public func choose(number: Int) throws {
        guard var game else { throw MessageError.conflict("no game in play; start one first") }
        let outcome: ChoiceOutcome<String>
        do {
            outcome = try useCase.choose(cardNumber: number, in: &game)
        } catch {
            publish(message: MessageError.describe(error))
            throw MessageError.wrap(error)
        }
        self.game = game
        if game.game.isOver, recordsScores { record(game) }
        publish(message: Self.describe(outcome, number: number))
    }

    private func begin(_ game: EmojiGame) {
        self.game = game
        rank = nil
        recordingError = nil
    }

    private func record(_ game: EmojiGame) {
        do {
            rank = try useCase.record(game)
        } catch {
            recordingError = MessageError.wrap(error, as: .storage)
        }
    }

    private func publish(message: String?) {
        // A choice changes the loaded game in place: it is not a new load, so no `loading` flashes in between.
        state = .loaded(viewData(message: message))
    }

    private func viewData(message: String?) -> MemorizeViewData {
        guard let game else {
            return MemorizeViewData(
                themeName: "", themeColor: ThemeColor(name: "gray", red: 0x80, green: 0x80, blue: 0x80), rows: [],
                score: 0, moves: 0, matchedPairs: 0, pairs: 0, seed: 0, statusLine: "", message: message,
                isOver: false, gameOverLine: nil, resultLine: "", prompt: "")
        }
        let model = game.game
        let cells = model.cards.enumerated().map { index, card in Self.cell(card, number: index + 1) }
        let columns = Self.columns(for: cells.count)
        let rows = stride(from: 0, to: cells.count, by: columns).map { Array(cells[$0..<min($0 + columns, cells.count)]) }
        let gameOverLine = model.isOver ? gameOverText(game) : nil
        return MemorizeViewData(
            themeName: game.theme.name, themeColor: game.theme.color, rows: rows,
            score: model.score, moves: model.moves, matchedPairs: model.matchedPairs, pairs: game.pairs, seed: game.seed,
            statusLine: "score \(model.score) · moves \(model.moves) · matched \(model.matchedPairs)/\(game.pairs) · seed \(game.seed)",
            message: message, isOver: model.isOver, gameOverLine: gameOverLine,
            resultLine: gameOverLine ?? "Not over: \(model.matchedPairs) of \(game.pairs) pairs matched.",
            prompt: "Card (1-\(cells.count)), r to restart, q to quit: ")
    }

    private func gameOverText(_ game: EmojiGame) -> String {
        let model = game.game
        let result = "Game over: all \(game.pairs) pairs matched in \(model.moves) moves, score \(model.score)."
        if let rank { return result + " Rank #\(rank) for \(game.theme.name)." }
        if let recordingError { return result + " Not saved: \(recordingError.message)" }
        return result
    }

    /// A face-down card shows its back, a matched one is gone, a face-up one shows its emoji.
    static func cell(_ card: MemoryGame<String>.Card, number: Int) -> CardCell {
        if card.isMatched { return CardCell(number: number, face: .gone, symbol: goneSymbol, content: card.content) }
        if card.isFaceUp { return CardCell(number: number, face: .up, symbol: card.content, content: card.content) }
        return CardCell(number: number, face: .down, symbol: backSymbol, content: nil)
    }

    /// Columns for `count` cards: the smallest divisor from √count up to 8, so rows come out full; else √count, at most 10.
    static func columns(for count: Int) -> Int {
        guard count > 0 else { return 1 }
        var root = 1
        while root * root < count { root += 1 }
        if root <= 8, let divisor = (root...8).first(where: { count % $0 == 0 }) { return divisor }
        return min(root, 10)
    }

    static func describe(_ outcome: ChoiceOutcome<String>, number: Int) -> String? {
        switch outcome {
        case .ignored(.matched): "Card \(number) is already matched; choose a card that is still on the table."
        case .ignored(.faceUp): "Card \(number) is already face up; choose a face-down card."
        case .ignored(.offTheTable): "There is no card \(number)."
        case .turnedUp: nil
        case .matched(let content): "Match! \(content) \(content) +2"
        case .mismatched(let first, let second, let penalty) where penalty > 0:
            "No match: \(first) \(second) -\(penalty) (\(penalty == 1 ? "a card" : "both cards") seen before)"
        case .mismatched(let first, let second, _): "No match: \(first) \(second)"
        }
    }
}
