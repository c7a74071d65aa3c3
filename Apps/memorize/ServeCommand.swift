import AppSupport
import ArgumentParser
import Core
import Foundation
import WebSupport

/// `memorize serve [--host 127.0.0.1] [--port 8080]`: the game in a browser.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the game as web pages on the score database, until SIGINT or SIGTERM.",
        discussion: """
            Port 0 picks a free port; the first line printed is `listening on http://HOST:PORT`.

            Example: memorize serve --port 0
            """)

    @OptionGroup var web: WebServeOptions

    @Option(
        help:
            "The games in play the server holds; past it a deal replaces a finished or hour-idle game, or is refused (503)."
    )
    var maxGames = WebGames.defaultCapacity

    @OptionGroup var store: CommonOptions

    func validate() throws {
        guard maxGames >= 1 else {
            throw ValidationError("--max-games \(maxGames) is not a number of games; use 1 or more")
        }
    }

    func run() async throws {
        let (web, store, maxGames) = (web, store, maxGames)
        try await ErrorWording.reporter.run {
            let feature = try store.feature()
            let pages = MemorizePages(feature: feature, games: await WebGames(feature: feature, capacity: maxGames))
            try await WebServer(web).run(pages)
        }
    }
}
