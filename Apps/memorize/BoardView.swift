import MemorizeEntity
import MemorizePresenter
import TerminalUI

/// Draws the game's view data as text: a title line, the numbered grid, and what happened.
///
/// Every cell is as wide as the widest number plus two columns for the symbol, measured with
/// `DisplayWidth`, so emoji (two columns) and backs stay aligned. Colour only marks things the
/// text already says, so the board reads the same with `NO_COLOR`.
struct BoardView {
    let style: Style

    /// The title line and the grid.
    func board(_ data: MemorizeViewData) -> [String] {
        let title = style.bold(style.foreground(data.themeName, red: data.themeColor.red, green: data.themeColor.green, blue: data.themeColor.blue))
        let numberWidth = String(data.cardCount).count
        let grid = data.rows.map { row in
            row.map { cell(for: $0, numberWidth: numberWidth, color: data.themeColor) }
                .joined(separator: "   ")
                .trimmingTrailingSpaces
        }
        return ["\(title) · \(data.statusLine)"] + grid
    }

    /// The whole screen of the interactive game: board, message, and the game-over line when it is over.
    func screen(_ data: MemorizeViewData) -> String {
        var lines = board(data)
        if let message = data.message { lines.append(message) }
        if let gameOver = data.gameOverLine { lines.append(style.bold(gameOver)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The summary of a scripted game: board and whether it is over.
    func summary(_ data: MemorizeViewData) -> String {
        (board(data) + [data.resultLine]).joined(separator: "\n") + "\n"
    }

    private func cell(for cell: CardCell, numberWidth: Int, color: ThemeColor) -> String {
        let number = DisplayWidth.pad(String(cell.number), to: numberWidth, alignment: .trailing)
        let symbol = DisplayWidth.pad(cell.symbol, to: 2)
        switch cell.face {
        case .down: return style.dim(number) + " " + style.foreground(symbol, red: color.red, green: color.green, blue: color.blue)
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
