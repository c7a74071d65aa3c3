import AppSupport
import MemorizePresenter
import TerminalUI

/// How each view data looks: the board and tables for people, plain records for scripts, and JSON.
enum Views {
    /// The best games, or what to do when there are none (of `theme`, when one was asked for).
    static func scores(_ data: ScoreBoardViewData, theme: String?) -> Rendering {
        let rows = data.rows
        return Rendering(
            text: { terminal in
                guard !rows.isEmpty else {
                    return theme.map {
                        "No scores yet for \(Quote.text($0)); finish a game with `memorize play --theme \(Quote.text($0))`."
                    } ?? "No scores yet; finish a game with `memorize play`."
                }
                var table = Table(columns: [
                    .init("THEME"), .init("RANK", alignment: .trailing), .init("SCORE", alignment: .trailing),
                    .init("MOVES", alignment: .trailing), .init("PAIRS", alignment: .trailing),
                    .init("SEED", alignment: .trailing), .init("FINISHED (UTC)"),
                ])
                for row in rows {
                    table.append([
                        row.theme, "#\(row.rank)", String(row.score), String(row.moves), String(row.pairs),
                        String(row.seed), row.date,
                    ])
                }
                return table.render(style: Style(terminal))
            },
            plain: {
                rows.map {
                    [
                        $0.theme, String($0.rank), String($0.score), String($0.moves), String($0.pairs),
                        String($0.seed), $0.date,
                    ]
                }
            },
            json: { rows })
    }

    /// The themes, each name in its colour; the emoji column gives way to fit the terminal.
    static func themes(_ data: ThemeListViewData) -> Rendering {
        let rows = data.rows
        return Rendering(
            text: { terminal in
                let style = Style(terminal)
                var table = Table(columns: [
                    .init("THEME"), .init("PAIRS", alignment: .trailing), .init("MAX", alignment: .trailing),
                    .init("COLOUR"), .init("EMOJI", flexible: true),
                ])
                for row in rows {
                    let color = row.color
                    let name = style.foreground(row.name, red: color.red, green: color.green, blue: color.blue)
                    table.append([
                        name, String(row.pairs), String(row.maxPairs), color.name, row.emoji.joined(separator: " "),
                    ])
                }
                return table.render(style: style, fitting: terminal.fitWidth)
            },
            plain: {
                rows.map {
                    [$0.name, String($0.pairs), String($0.maxPairs), $0.color.name, $0.emoji.joined(separator: " ")]
                }
            },
            json: { rows })
    }

    /// A scripted game's end: the board and whether it is over.
    static func game(_ data: GameViewData) -> Rendering {
        Rendering(
            text: { terminal in BoardView(style: Style(terminal), width: terminal.fitWidth).summary(data) },
            plain: { [GameSummary(data).plainRecord] }, json: { GameSummary(data) })
    }
}
