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

    @Option(
        help: "Seconds a connection may send nothing, mid-request or between requests, before it is closed (0: never).")
    var idleTimeout = 30.0

    @Option(
        help: "Seconds a request's headers may take from its first byte; then 408 and the connection closes (0: never)."
    )
    var headerTimeout = 20.0

    @Option(
        help:
            "Seconds any request body may take, plus 1 s for every --body-min-rate bytes received; then 408 (0: never)."
    )
    var bodyTimeout = 20.0

    @Option(help: "The bytes per second a slow body must keep up after --body-timeout (see there).")
    var bodyMinRate = 500

    @OptionGroup var store: StoreOptions

    mutating func run() async throws {
        let (store, web, logLevel, maxStreams) = (store, web, logLevel, live.maxStreams)
        let (idleTimeout, headerTimeout, bodyTimeout, bodyMinRate) = (
            idleTimeout, headerTimeout, bodyTimeout, bodyMinRate
        )
        try await ErrorWording.reporter.run {
            guard web.hasValidPort else { throw MessageError.usage("--port \(web.port) is not a port; use 0 to 65535") }
            let levels = CoffeeFeature.serverLogLevels
            guard levels.contains(logLevel) else {
                throw MessageError.usage(
                    "--log-level \(logLevel) is not a level; use one of \(levels.joined(separator: ", "))")
            }
            let idle = try Self.duration(idleTimeout, option: "--idle-timeout")
            let header = try Self.duration(headerTimeout, option: "--header-timeout")
            let body = try Self.duration(bodyTimeout, option: "--body-timeout")
            guard bodyMinRate > 0 else {
                throw MessageError.usage(
                    "--body-min-rate \(bodyMinRate) is not a rate; use bytes per second, 1 or more")
            }
            let feature = try store.feature()
            let storage = feature.storage
            try await feature.serve(
                host: web.host, port: web.port, logLevel: logLevel, idleTimeout: idle, headerTimeout: header,
                bodyTimeout: body, bodyMinRate: bodyMinRate,
                pages: WebEdge(CoffeePages(feature: feature, maxStreams: maxStreams)), allowedHosts: web.allowedHosts
            ) { host, port in
                // The one output path, unbuffered: a pipe sees the line at once (tests and demos wait for it). A
                // closed standard output (a service manager's) does not stop the server.
                try? StandardOutput.writeLine("listening on http://\(host):\(port) (database \(storage))")
            }
            FileHandle.standardError.write(Data("coffee: server stopped\n".utf8))
        }
    }

    /// `seconds` as a timeout: `nil` (never) for 0.
    private static func duration(_ seconds: Double, option: String) throws -> Duration? {
        guard seconds.isFinite, seconds >= 0 else {
            throw MessageError.usage("\(option) \(seconds) is not a duration; use seconds, 0 for never")
        }
        return seconds == 0 ? nil : .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
