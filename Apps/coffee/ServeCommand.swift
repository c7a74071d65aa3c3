import AppSupport
import ArgumentParser
import CoffeeFactory
import Core
import Foundation

/// `coffee serve [--host 127.0.0.1] [--port 8080]`.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the orders API over HTTP on the local database or PostgreSQL, until SIGINT or SIGTERM.",
        discussion: """
            Port 0 picks a free port; the first line printed is `listening on http://HOST:PORT`.
            Several servers may share one PostgreSQL database (--database postgres://…): each order \
            is stored once, and every server sees every other's changes at once.

            Example: coffee serve --port 0 --db orders.sqlite
            """)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(parsing: .unconditional, help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Option(
        help:
            "The lowest log level written to standard error: trace, debug, info (a line per request, with its id), notice, warning, error or critical."
    )
    var logLevel = "warning"

    @Option(
        help: "Seconds a connection may send nothing, mid-request or between requests, before it is closed (0: never).")
    var idleTimeout = 30.0

    @OptionGroup var store: StoreOptions

    mutating func run() async throws {
        let (store, host, port, logLevel, idleTimeout) = (store, host, port, logLevel, idleTimeout)
        try await ErrorWording.reporter.run {
            guard (0...65_535).contains(port) else {
                throw MessageError.usage("--port \(port) is not a port; use 0 to 65535")
            }
            let levels = CoffeeFeature.serverLogLevels
            guard levels.contains(logLevel) else {
                throw MessageError.usage(
                    "--log-level \(logLevel) is not a level; use one of \(levels.joined(separator: ", "))")
            }
            guard idleTimeout.isFinite, idleTimeout >= 0 else {
                throw MessageError.usage("--idle-timeout \(idleTimeout) is not a duration; use seconds, 0 for never")
            }
            let feature = try store.feature()
            let storage = feature.storage
            let timeout: Duration? = idleTimeout == 0 ? nil : .milliseconds(Int64((idleTimeout * 1000).rounded()))
            try await feature.serve(host: host, port: port, logLevel: logLevel, idleTimeout: timeout) { host, port in
                // Written straight to the file descriptor: a pipe must see the line at once, tests and demos wait for it.
                FileHandle.standardOutput.write(
                    Data("listening on http://\(host):\(port) (database \(storage))\n".utf8))
            }
            FileHandle.standardError.write(Data("coffee: server stopped\n".utf8))
        }
    }
}
