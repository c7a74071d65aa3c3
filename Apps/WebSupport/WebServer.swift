import ArgumentParser
import HTTPServer
import Hummingbird

/// The options every app's `serve` takes: where to listen, loopback unless told otherwise.
public struct WebServeOptions: ParsableArguments, Sendable {
    @Option(help: "The address to listen on (127.0.0.1: this machine only; 0.0.0.0: every network).")
    public var host = "127.0.0.1"

    @Option(parsing: .unconditional, help: "The port to listen on (0 picks a free one).")
    public var port = 8080

    public init() {}

    /// Whether `port` is a TCP port.
    public var hasValidPort: Bool { (0...65_535).contains(port) }
}

/// Serves an app's pages: the shared assets, the security headers and the same-origin check
/// around the app's own routes, on `127.0.0.1` unless another host is given.
public struct WebServer: Sendable {
    /// Where to listen.
    public let host: String
    /// The port; 0 picks a free one.
    public let port: Int
    /// Log only critical errors (tests stop servers by cancelling them).
    public let quiet: Bool

    public init(host: String = "127.0.0.1", port: Int, quiet: Bool = false) {
        self.host = host
        self.port = port
        self.quiet = quiet
    }

    /// A router with the web edge's middlewares and assets, and `pages` added.
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
        let runner = HTTPServerRunner(address: .init(host: host, port: port), quiet: quiet)
        try await runner.run(Self.router(pages)) { address in onListening(address.host, address.port) }
    }
}

/// An app's pages: routes that run on any router, a feature's own or `WebServer`'s (`RouteSource`).
public typealias WebRoutes = RouteSource

/// An app's pages inside the web edge: security headers on every response, cross-site unsafe
/// requests refused, the stylesheet and script served. Added to a feature's own router, it keeps
/// the feature's routes as they are and wraps only the pages.
public struct WebEdge<Pages: WebRoutes>: WebRoutes {
    private let pages: Pages

    public init(_ pages: Pages) { self.pages = pages }

    public func addRoutes<Context: RequestContext>(to router: some RouterMethods<Context>) {
        let group = router.group()
            .add(middleware: SecurityHeadersMiddleware<Context>())
            .add(middleware: SameOriginMiddleware<Context>())
        WebAssets().addRoutes(to: group)
        pages.addRoutes(to: group)
    }
}
