import ArgumentParser
import HTTPServer
import Hummingbird

/// The options every app's `serve` takes: where to listen, loopback unless told otherwise, and
/// the names a proxy serves it under.
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

    public init() {}

    /// Whether `port` is a TCP port.
    public var hasValidPort: Bool { (0...65_535).contains(port) }

    /// The `--allowed-host` names, read.
    public var publicNames: [ServedHosts.PublicName] { allowedHosts.compactMap(ServedHosts.PublicName.init) }

    public func validate() throws {
        for name in allowedHosts where ServedHosts.PublicName(name) == nil {
            throw ValidationError(
                "--allowed-host '\(name)' is not a host name; use NAME, NAME:PORT or .NAME, such as coffee.example.com")
        }
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
    /// Log only critical errors (tests stop servers by cancelling them).
    public let quiet: Bool

    public init(
        host: String = "127.0.0.1", port: Int, publicNames: [ServedHosts.PublicName] = [], quiet: Bool = false
    ) {
        self.host = host
        self.port = port
        self.publicNames = publicNames
        self.quiet = quiet
    }

    /// A server for what `options` say.
    public init(_ options: WebServeOptions, quiet: Bool = false) {
        self.init(host: options.host, port: options.port, publicNames: options.publicNames, quiet: quiet)
    }

    /// A router with the web edge's assets and `pages`.
    public static func router(_ pages: some WebRoutes) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        WebEdge(pages).addRoutes(to: router)
        return router
    }

    /// Serves `pages` until SIGINT or SIGTERM (or cancellation); `onListening` gets the bound address.
    ///
    /// - Throws: `ServerError` when the address cannot be bound.
    public func run(
        _ pages: some WebRoutes, onListening: @escaping @Sendable (_ host: String, _ port: Int) -> Void
    ) async throws {
        let runner = HTTPServerRunner(address: .init(host: host, port: port), quiet: quiet, publicNames: publicNames)
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
