import ArgumentParser
import Core
import MemorizePresenter
import TerminalUI

/// `memorize themes`: the themes a game can be dealt from.
struct Themes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the themes: built-in ones and those of --themes-file.")

    @OptionGroup var store: StoreOptions

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func run() async throws {
        try await ThemesRunner.run(store: store, format: format)
    }
}

@MainActor
enum ThemesRunner {
    static func run(store: StoreOptions, format: OutputFormat) throws {
        try Console.reporting {
            let presenter = try store.factory().makeThemeListPresenter()
            try presenter.load()
            let rows = presenter.state.value ?? []
            switch format {
            case .json:
                Console.write(try JSONOutput.string(rows) + "\n")
            case .text:
                let style = Style(TerminalEnvironment.live)
                var table = Table(columns: [
                    .init("THEME"), .init("PAIRS", alignment: .trailing), .init("MAX", alignment: .trailing),
                    .init("COLOUR"), .init("EMOJI"),
                ])
                for row in rows {
                    let color = presenter.colors[row.name]
                    let name = color.map { style.foreground(row.name, red: $0.red, green: $0.green, blue: $0.blue) } ?? row.name
                    table.append([name, String(row.pairs), String(row.maxPairs), row.color, row.emoji.joined(separator: " ")])
                }
                Console.write(table.render(style: style) + "\n")
            }
        }
    }
}
