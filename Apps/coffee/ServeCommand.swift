import AppSupport
import ArgumentParser
import CoffeeFactory
import Core
import Foundation
import WebSupport

/// `coffee serve [--host 127.0.0.1] [--port 8080] [--allowed-host NAME]… [--max-streams 500]`.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract:
            "Serve the orders API and the web pages on the local database or PostgreSQL, until SIGINT or SIGTERM.",
        discussion: """
            Open http://HOST:PORT/ in a browser for the live order board, the order form, the menu and \
            the staff's actions (sign in with a staff token from `coffee token create`).
            Port 0 picks a free port; the first line printed is `listening on http://HOST:PORT`.
            Requests are answered only for 127.0.0.1, localhost, [::1] and --host, on the port it \
            listens on (421 for any other name); behind a proxy, name its host with --allowed-host. \
            At most --max-streams live boards are kept up to date at once (503 with Retry-After past it).
            Several servers may share one PostgreSQL database (--database postgres://…): each order \
            is stored once, and every server sees every other's changes at once.

            Example: coffee serve --port 0 --db orders.sqlite
            """)

    @OptionGroup var web: WebServeOptions

    @OptionGroup var live: LiveStreamOptions

    @Option(
        help:
            "The lowest log level written to standard error: trace, debug, info (a line per request, with its id), notice, warning, error or critical."
    )
    var logLevel = "warning"

    @OptionGroup var store: StoreOptions

    mutating func run() async throws {
        let (store, web, logLevel, maxStreams) = (store, web, logLevel, live.maxStreams)
        try await ErrorWording.reporter.run {
            let levels = CoffeeFeature.serverLogLevels
            guard levels.contains(logLevel) else {
                throw MessageError.usage(
                    "--log-level \(logLevel) is not a level; use one of \(levels.joined(separator: ", "))")
            }
            let feature = try store.feature()
            try await feature.serve(
                host: web.host, port: web.port, logLevel: logLevel, timeouts: web.timeouts,
                pages: WebEdge(CoffeePages(feature: feature, maxStreams: maxStreams)), allowedHosts: web.allowedHosts,
                onListening: WebServer.announce(note: "database \(feature.storage)"))
            FileHandle.standardError.write(Data("coffee: server stopped\n".utf8))
        }
    }
}
