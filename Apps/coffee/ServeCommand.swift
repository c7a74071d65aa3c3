import AppSupport
import ArgumentParser
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

    @OptionGroup var store: StoreOptions

    mutating func run() async throws {
        let (store, host, port) = (store, host, port)
        try await ErrorWording.reporter.run {
            guard (0...65_535).contains(port) else {
                throw MessageError.usage("--port \(port) is not a port; use 0 to 65535")
            }
            let feature = try store.feature()
            let storage = feature.storage
            try await feature.serve(host: host, port: port) { host, port in
                // Written straight to the file descriptor: a pipe must see the line at once, tests and demos wait for it.
                FileHandle.standardOutput.write(
                    Data("listening on http://\(host):\(port) (database \(storage))\n".utf8))
            }
            FileHandle.standardError.write(Data("coffee: server stopped\n".utf8))
        }
    }
}
