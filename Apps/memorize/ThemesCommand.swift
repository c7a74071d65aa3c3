import AppSupport
import ArgumentParser
import Core
import MemorizePresenter
import TerminalUI

/// `memorize themes`: the themes a game can be dealt from.
struct Themes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the themes: built-in ones and those of --themes-file.",
        discussion: "Example: memorize themes --themes-file my-themes.json")

    @OptionGroup var store: CommonOptions

    @Option(help: OutputFormat.help)
    var format: OutputFormat = .text

    func run() async throws {
        try await ThemesRunner.run(store: store, format: format)
    }
}

@MainActor
enum ThemesRunner {
    static func run(store: CommonOptions, format: OutputFormat) async throws {
        try await ErrorWording.reporter.run {
            let presenter = try store.feature().makeThemeListPresenter()
            await presenter.load()
            let rows = try presenter.state.result().rows
            switch format {
            case .json:
                Console.write(try JSONOutput.string(rows) + "\n")
            case .plain:
                for row in rows {
                    let fields = [
                        row.name, String(row.pairs), String(row.maxPairs), row.color.name,
                        row.emoji.joined(separator: " "),
                    ]
                    Console.write(fields.joined(separator: "\t") + "\n")
                }
            case .text:
                Console.write(table(rows, width: TerminalFit.width) + "\n")
            }
        }
    }

    /// The aligned table; the emoji column is cut (by display width) when the rows would not fit `width`.
    private static func table(_ rows: [ThemeListViewData.Row], width: Int?) -> String {
        let style = Style(TerminalEnvironment.live)
        let fixed: [[String]] = [
            ["THEME"] + rows.map(\.name), ["PAIRS"] + rows.map { String($0.pairs) },
            ["MAX"] + rows.map { String($0.maxPairs) }, ["COLOUR"] + rows.map(\.color.name),
        ]
        let gap = 2
        let used =
            fixed.map { column in column.map { DisplayWidth.of($0) }.max() ?? 0 }.reduce(0, +) + fixed.count * gap
        var table = Table(columns: [
            .init("THEME"), .init("PAIRS", alignment: .trailing), .init("MAX", alignment: .trailing),
            .init("COLOUR"), .init("EMOJI", maxWidth: width.map { max(8, $0 - used) }),
        ])
        table.gap = gap
        for row in rows {
            let color = row.color
            let name = style.foreground(row.name, red: color.red, green: color.green, blue: color.blue)
            table.append([name, String(row.pairs), String(row.maxPairs), color.name, row.emoji.joined(separator: " ")])
        }
        return table.render(style: style)
    }
}
