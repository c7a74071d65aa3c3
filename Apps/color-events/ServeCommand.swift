import AppSupport
import ArgumentParser
import Core
import Foundation
import WebSupport

/// `color-events serve [--host 127.0.0.1] [--port 8080]`: the screens in a browser.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the screens as web pages on the journal, until SIGINT or SIGTERM.",
        discussion: """
            Port 0 picks a free port; the first line printed is `listening on http://HOST:PORT`. \
            Every open screens page repaints when an event is sent from any of them.

            Example: color-events serve --port 0 --seed 42
            """)

    @OptionGroup var web: WebServeOptions

    @OptionGroup var live: LiveStreamOptions

    @OptionGroup var options: CommonOptions

    func run() async throws {
        try await ErrorWording.reporter.run { try await execute() }
    }

    @MainActor
    private func execute() async throws {
        let pages = ColorEventsPages(scene: try await options.restoredScene(), maxStreams: live.maxStreams)
        try await WebServer(web).run(pages)
    }
}
