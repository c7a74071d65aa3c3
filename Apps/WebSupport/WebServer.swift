import AppSupport
import ArgumentParser
import HTTPServer
import Hummingbird

/// The options every app's `serve` takes: where to listen, loopback unless told otherwise, the
/// names a proxy serves it under, and how long a connection may stay silent or take over a request.
///
/// Checked once, here, for every app: a port out of range, a negative or endless timeout or a
/// rate below one byte a second is a usage error (exit 64) before anything listens.
public struct WebServeOptions: ParsableArguments, Sendable {
    @Option(help: "The address to listen on (127.0.0.1: this machine only; 0.0.0.0: every network).")
    public var host = "127.0.0.1"

    @Option(parsing: .unconditional, help: "The port to listen on (0 picks a free one).")
    public var port = 8080

    @Option(
        name: .customLong("allowed-host"),
        help: ArgumentHelp(
            "A name a proxy serves this server under, besides 127.0.0.1, localhost, [::1] and --host (repeatable): "
                + "NAME (any port), NAME:PORT, or .NAME (NAME and every name under it). Other names get 421.",
            valueName: "name"))
    public var allowedHosts: [String] = []

    @Option(
        parsing: .unconditional,
        help: "Seconds a connection may send nothing, mid-request or between requests, before it is closed (0: never).")
    public var idleTimeout = 30.0

    @Option(
        parsing: .unconditional,
        help: "Seconds a request's headers may take from its first byte; then 408 and the connection closes (0: never)."
    )
    public var headerTimeout = 20.0

    @Option(
        parsing: .unconditional,
        help:
            "Seconds any request body may take, plus 1 s for every --body-min-rate bytes received; then 408 (0: never)."
    )
    public var bodyTimeout = 20.0

    @Option(
        parsing: .unconditional, help: "The bytes per second a slow body must keep up after --body-timeout (see there)."
    )
    public var bodyMinRate = 500

    public init() {}

    /// The `--allowed-host` names, read.
    public var publicNames: [ServedHosts.PublicName] { allowedHosts.compactMap(ServedHosts.PublicName.init) }

    /// The connection limits the timeout options give (0 seconds is never).
    public var timeouts: ConnectionTimeouts {
        ConnectionTimeouts(
            idle: Self.duration(idleTimeout), header: Self.duration(headerTimeout), body: Self.duration(bodyTimeout),
            bodyMinRate: bodyMinRate)
    }

    public func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port \(port) is not a port; use 0 to 65535") }
        for name in allowedHosts where ServedHosts.PublicName(name) == nil {
            throw ValidationError(
                "--allowed-host '\(name)' is not a host name; use NAME, NAME:PORT or .NAME, such as coffee.example.com")
        }
        for (option, seconds) in [
            ("--idle-timeout", idleTimeout), ("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout),
        ] where !(seconds.isFinite && (0...Self.longestTimeout).contains(seconds)) {
            throw ValidationError(
                "\(option) \(seconds) is not a duration; use seconds up to \(Int(Self.longestTimeout)) (a week), 0 for never"
            )
        }
        guard bodyMinRate > 0 else {
            throw ValidationError("--body-min-rate \(bodyMinRate) is not a rate; use bytes per second, 1 or more")
        }
    }

    /// The longest timeout taken, in seconds: a week, far past any use, and far inside `Duration`'s range.
    static let longestTimeout = 604_800.0

    /// `seconds` as a timeout: `nil` (never) for 0.
    private static func duration(_ seconds: Double) -> Duration? {
        seconds == 0 ? nil : .milliseconds(Int64((seconds * 1000).rounded()))
    }
}

/// Serves an app's pages: the shared assets beside the app's own routes, behind the one
/// `RequestGuard` (`HTTPServerRunner` puts it before every route), on `127.0.0.1` unless another
/// host is given.
public struct WebServer: Sendable {
    /// Where to listen.
    public let host: String
    /// The port; 0 picks a free one.
    public let port: Int
    /// The names a proxy serves the server under, besides its own.
    public let publicNames: [ServedHosts.PublicName]
    /// How long a connection may stay silent, and take over a request's head and body.
    public let timeouts: ConnectionTimeouts
    /// Log only critical errors (tests stop servers by cancelling them).
    public let quiet: Bool

    public init(
        host: String = "127.0.0.1", port: Int, publicNames: [ServedHosts.PublicName] = [],
        timeouts: ConnectionTimeouts = .standard, quiet: Bool = false
    ) {
        self.host = host
        self.port = port
        self.publicNames = publicNames
        self.timeouts = timeouts
        self.quiet = quiet
    }

    /// A server for what `options` say.
    public init(_ options: WebServeOptions, quiet: Bool = false) {
        self.init(
            host: options.host, port: options.port, publicNames: options.publicNames, timeouts: options.timeouts,
            quiet: quiet)
    }

    /// What every server prints once it listens: `listening on http://HOST:PORT`, then `note` in
    /// parentheses, through the one output path, unbuffered, so a pipe sees it at once (tests and
    /// demos wait for it). A closed standard output (a service manager's) does not stop the server.
    public static func announce(note: String? = nil) -> @Sendable (_ host: String, _ port: Int) -> Void {
        { host, port in
            try? StandardOutput.writeLine("listening on http://\(host):\(port)" + (note.map { " (\($0))" } ?? ""))
        }
    }

    /// A router with the web edge's assets and `pages`.
    public static func router(_ pages: some WebRoutes) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        WebEdge(pages).addRoutes(to: router)
        return router
    }

    /// Serves `pages` until SIGINT or SIGTERM (or cancellation); `onListening` gets the bound
    /// address, and by default prints it (`announce()`).
    ///
    /// - Throws: `ServerError` when the address cannot be bound.
    public func run(
        _ pages: some WebRoutes,
        onListening: @escaping @Sendable (_ host: String, _ port: Int) -> Void = WebServer.announce()
    ) async throws {
        let runner = HTTPServerRunner(
            address: .init(host: host, port: port), quiet: quiet, timeouts: timeouts, publicNames: publicNames)
        try await runner.run(Self.router(pages)) { address in onListening(address.host, address.port) }
    }
}

/// An app's pages: routes that run on any router, a feature's own or `WebServer`'s (`RouteSource`).
public typealias WebRoutes = RouteSource

/// An app's pages with the stylesheet and script they share. Added to a feature's own router, it
/// keeps the feature's routes as they are; the server's `RequestGuard` checks every request to both.
public struct WebEdge<Pages: WebRoutes>: WebRoutes {
    private let pages: Pages

    public init(_ pages: Pages) { self.pages = pages }

    public func addRoutes<Context: RequestContext>(to router: some RouterMethods<Context>) {
        WebAssets().addRoutes(to: router)
        pages.addRoutes(to: router)
    }
}
