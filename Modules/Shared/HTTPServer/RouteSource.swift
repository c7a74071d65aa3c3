import Hummingbird

/// Routes a module adds to a router it does not own: how an app puts its web pages beside a feature's API.
///
/// The routes are written for any request context, so the same pages run on a feature's own
/// router (whose context carries a token) or on a plain one; they see the request, the path's
/// parameters and the logger, nothing a feature's server keeps for itself.
public protocol RouteSource: Sendable {
    /// Adds the routes, and the middlewares they need, to `router` (a router or a group of one).
    func addRoutes<Context: RequestContext>(to router: some RouterMethods<Context>)
}
