import Hummingbird

/// Answers 405 with an `Allow` header when a request's path is a route's but its method is not.
///
/// Hummingbird answers 404 for both; this middleware sits in front of the router's not-found
/// responder and looks the path up in the router's own route list (`Router.routes`), so the
/// `Allow` header can never disagree with the routes. Add it after the routes (`install(on:)`):
/// a router's middleware applies to the routes added after it, and always to the not-found responder.
public struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Each route's path, split into segments (`nil` for a parameter), with its methods.
    private let table: [(segments: [Substring?], methods: [String])]

    /// Creates the middleware over routes given as paths (`orders/:id`) and their methods.
    public init(routes: [(path: String, method: String)]) {
        var byPath: [String: [String]] = [:]
        var order: [String] = []
        for route in routes {
            if byPath[route.path] == nil { order.append(route.path) }
            byPath[route.path, default: []].append(route.method)
        }
        table = order.map { path in
            (
                Self.segments(path).map { $0.first == ":" || $0.first == "{" || $0 == "*" ? nil : $0 },
                Array(Set(byPath[path] ?? [])).sorted()
            )
        }
    }

    /// Adds the middleware to `router`, over the routes it has now.
    public static func install(on router: Router<Context>) {
        router.add(
            middleware: MethodNotAllowedMiddleware(
                routes: router.routes.map { (path: $0.path.description, method: $0.method.rawValue) }))
    }

    /// Turns the router's 404 into a 405 when another method has the path.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = allowedMethods(path: request.uri.path)
            guard !allowed.isEmpty else { throw error }
            throw APIError(
                .methodNotAllowed, .usage,
                "\(request.method) is not allowed on \(request.uri.path); use \(allowed.joined(separator: " or "))",
                headers: [.allow: allowed.joined(separator: ", ")])
        }
    }

    /// The methods the routes have for `path`, sorted; empty when no route has the path.
    public func allowedMethods(path: String) -> [String] {
        let parts = Self.segments(path)
        var methods = Set<String>()
        for route in table where route.segments.count == parts.count {
            if zip(route.segments, parts).allSatisfy({ pattern, part in pattern == nil || pattern == part }) {
                methods.formUnion(route.methods)
            }
        }
        return methods.sorted()
    }

    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }
}
