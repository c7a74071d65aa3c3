import AppSupport
import ArgumentParser
import Core
import Foundation
import WebSupport

/// `color-events serve [--host 127.0.0.1] [--port 8080] [--database URL]`: the screens in a browser.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the screens as web pages on the journal, until SIGINT or SIGTERM.",
        discussion: """
            Port 0 picks a free port; the first line printed is `listening on http://HOST:PORT`. \
            Every open screens page repaints when an event is sent from any of them, or from any \
            other process on the same journal: at once on PostgreSQL (--database), which notifies \
            every server of each event; within a tenth of a second on a file.

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
        try await options.withScene { scene, feature in
            // On PostgreSQL every append anywhere notifies this server; on a file it asks the journal.
            let pages = ColorEventsPages(
                scene: scene, maxStreams: live.maxStreams, journalChanges: feature.journalChanges())
            try await WebServer(web).run(pages)
        }
    }
}
