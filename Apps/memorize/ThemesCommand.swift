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
            try Views.themes(presenter.state.result()).print(as: format)
        }
    }
}
