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
            try Views.scores(presenter.state.result(), theme: theme).print(as: format)
        }
    }
}
