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

    @OptionGroup var store: CommonOptions

    func run() async throws {
        let (web, store) = (web, store)
        try await ErrorWording.reporter.run {
            guard web.hasValidPort else { throw MessageError.usage("--port \(web.port) is not a port; use 0 to 65535") }
            let feature = try store.feature()
            let pages = MemorizePages(feature: feature, games: await WebGames(feature: feature))
            try await WebServer(host: web.host, port: web.port).run(pages) { host, port in
                // Written straight to the file descriptor: a pipe must see the line at once, tests wait for it.
                FileHandle.standardOutput.write(Data("listening on http://\(host):\(port)\n".utf8))
            }
        }
    }
}
