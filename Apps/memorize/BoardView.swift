import AppSupport
import Core
import MemorizeEntity
import MemorizePresenter
import TerminalUI

/// Draws the game's view data as text, and words what happened: the glyphs, the grid and every sentence are chosen here.
///
/// Every cell is as wide as the widest number plus two columns for the card, measured with
/// `DisplayWidth`, so emoji (two columns) and backs stay aligned. Colour only marks things the
/// text already says, so the board reads the same with `NO_COLOR`.
struct BoardView {
    /// What a face-down card shows: two columns, like an emoji.
    static let back = "▒▒"
    /// What a matched card leaves behind: two blank columns.
    static let gone = "  "
    /// Spaces between two cells of a row.
    static let gap = 3

    let style: Style
    /// The width to fit the grid to; `nil` for no limit.
    let width: Int?

    /// What a card shows.
    static func symbol(_ card: CardCell) -> String {
        switch card.face {
        case .down: back
        case .up: card.content ?? back
        case .gone: gone
        }
    }

    /// Columns for `count` cards: the smallest divisor from √count up to 8, so rows come out full; else √count, at most 10.
    static func columns(for count: Int) -> Int {
        guard count > 0 else { return 1 }
        var root = 1
        while root * root < count { root += 1 }
        if root <= 8, let divisor = (root...8).first(where: { count % $0 == 0 }) { return divisor }
        return min(root, 10)
    }

    /// The columns the grid uses: `columns(for:)`, fewer when the rows would be wider than `width`.
    func columns(for count: Int) -> Int {
        var columns = Self.columns(for: count)
        let cell = String(count).count + 1 + 2
        if let width {
            while columns > 1, columns * cell + (columns - 1) * Self.gap > width { columns -= 1 }
        }
        return columns
    }

    /// `score 2 · moves 6 · matched 1/8 · seed 42`.
    static func status(_ data: GameViewData) -> String {
        "score \(data.score) · moves \(data.moves) · matched \(data.matchedPairs)/\(data.pairs) · seed \(data.seed)"
    }

    /// The title line and the grid.
    func board(_ data: GameViewData) -> [String] {
        let color = data.themeColor
        let title = style.bold(style.foreground(data.themeName, red: color.red, green: color.green, blue: color.blue))
        let numberWidth = String(data.cards.count).count
        let columns = columns(for: data.cards.count)
        let grid = stride(from: 0, to: data.cards.count, by: columns).map { start in
            data.cards[start..<min(start + columns, data.cards.count)]
                .map { cell(for: $0, numberWidth: numberWidth, color: color) }
                .joined(separator: String(repeating: " ", count: Self.gap))
                .trimmingTrailingSpaces
        }
        return ["\(title) · \(Self.status(data))"] + grid
    }

    /// The whole screen of the interactive game: board, what the last move did, and the game-over line.
    func screen(_ data: GameViewData) -> String {
        var lines = board(data)
        if let move = data.lastMove, let message = Self.interactiveMessage(move) { lines.append(message) }
        if let gameOver = Self.gameOver(data) { lines.append(style.bold(gameOver)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The summary of a scripted game: board and whether it is over.
    func summary(_ data: GameViewData) -> String {
        (board(data) + [Self.result(data)]).joined(separator: "\n")
    }

    /// What to type next in the interactive game.
    static func prompt(_ data: GameViewData) -> String {
        "Card (1-\(data.cards.count)), r to restart, q to quit: "
    }

    /// The game-over line, or how far the game got.
    static func result(_ data: GameViewData) -> String {
        gameOver(data) ?? "Not over: \(data.matchedPairs) of \(data.pairs) pairs matched."
    }

    /// The closing line once the game is over, with the result and its rank (or why it was not saved,
    /// in `wording`'s words: the terminal's by default, a page's in `WebWording`).
    static func gameOver(
        _ data: GameViewData, wording: (ViewFailure) -> String = { ErrorWording.reporter.message(for: $0) }
    ) -> String? {
        guard data.isOver else { return nil }
        let result = "Game over: all \(data.pairs) pairs matched in \(data.moves) moves, score \(data.score)."
        switch data.recording {
        case .ranked(let rank): return result + " Rank #\(rank) for \(data.themeName)."
        case .notSaved(let failure): return result + " Not saved: \(wording(failure))"
        case nil: return result
        }
    }

    /// What a move did, in the interactive game's words (its keys included).
    static func interactiveMessage(_ move: MoveOutcome) -> String? {
        switch move {
        case .redealt: "New game: the cards were dealt again."
        case .refused(.notACardNumber(let text, let count)):
            "\(Quote.quoted(text)) is not a card number; type a number from 1 to \(count), r to restart or q to quit"
        case .refused(let error): ErrorWording.reporter.message(for: error)
        case .chose(let number, let outcome): describe(outcome, number: number)
        }
    }

    /// What the rules did with a chosen card; nothing to say when it just turned up.
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

    private func cell(for cell: CardCell, numberWidth: Int, color: ThemeColor) -> String {
        let number = DisplayWidth.pad(String(cell.number), to: numberWidth, alignment: .trailing)
        let symbol = DisplayWidth.pad(Self.symbol(cell), to: 2)
        switch cell.face {
        case .down:
            return style.dim(number) + " "
                + style.foreground(symbol, red: color.red, green: color.green, blue: color.blue)
        case .up: return style.bold(number) + " " + symbol
        case .gone: return style.dim(number) + " " + symbol
        }
    }
}

extension String {
    /// The string without spaces at its end.
    var trimmingTrailingSpaces: String {
        String(reversed().drop(while: { $0 == " " }).reversed())
    }
}
