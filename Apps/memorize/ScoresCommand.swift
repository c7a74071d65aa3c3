import AppSupport
import ArgumentParser
import Core
import MemorizePresenter
import TerminalUI

/// `memorize scores`: the best finished games, per theme.
struct Scores: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the high scores of each theme, or of one.",
        discussion: "Example: memorize scores --theme Animals --limit 3")

    @OptionGroup var store: CommonOptions

    @Option(help: ArgumentHelp("Only this theme's scores.", valueName: "name"))
    var theme: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("How many games per theme.", valueName: "n"))
    var limit = 10

    @Option(help: OutputFormat.help)
    var format: OutputFormat = .text

    func run() async throws {
        try ErrorWording.reporter.run {
            guard limit > 0 else { throw MessageError.usage("--limit must be at least 1") }
        }
        try await ScoresRunner.run(store: store, theme: theme, limit: limit, format: format)
    }
}

@MainActor
enum ScoresRunner {
    static func run(store: CommonOptions, theme: String?, limit: Int, format: OutputFormat) async throws {
        try await ErrorWording.reporter.run {
            let presenter = try store.feature(access: .readOnly).makeScoreBoardPresenter()
            await presenter.load(theme: theme, limit: limit)
            let rows = try presenter.state.result().rows
            switch format {
            case .json:
                Console.write(try JSONOutput.string(rows) + "\n")
            case .plain:
                for row in rows {
                    let fields = [
                        row.theme, String(row.rank), String(row.score), String(row.moves), String(row.pairs),
                        String(row.seed), row.date,
                    ]
                    Console.write(fields.joined(separator: "\t") + "\n")
                }
            case .text:
                guard !rows.isEmpty else {
                    Console.write(
                        theme.map {
                            "No scores yet for \(Quote.text($0)); finish a game with `memorize play --theme \(Quote.text($0))`.\n"
                        }
                            ?? "No scores yet; finish a game with `memorize play`.\n")
                    return
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
                Console.write(table.render(style: Style(TerminalEnvironment.live)) + "\n")
            }
        }
    }
}
