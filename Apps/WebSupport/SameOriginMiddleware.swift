import Core
import HTTPServer
import Hummingbird

/// Refuses a request that changes something (POST, PUT, PATCH, DELETE) when a browser says it
/// comes from another site: a 403 problem, before any route runs.
///
/// A browser names where a request comes from: `Sec-Fetch-Site` (`same-origin`, `same-site`,
/// `cross-site`, or `none` when a person typed the address) and, on every unsafe request,
/// `Origin`. A form on another site posting here sends `cross-site` and its own origin, and is
/// refused; together with `SameSite=Strict` session cookies this makes every form CSRF-safe
/// without a token in each form. A request with neither header (curl, the apps' own HTTP client)
/// is not from a browser page and passes: it carries no ambient cookie an attacker could use.
public struct SameOriginMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard Self.isAllowed(request) else {
            return JSONMessages.response(for: Self.refusal)
        }
        return try await next(request, context)
    }

    /// Whether `request` is safe, or unsafe but from this server's own pages (or not from a browser).
    public static func isAllowed(_ request: Request) -> Bool {
        switch request.method {
        case .get, .head, .options, .trace: return true
        default: break
        }
        if let name = WebFieldNames.fetchSite, let site = request.headers[name]?.lowercased() {
            return site == "same-origin" || site == "none"
        }
        guard let origin = request.headers[.origin] else { return true }
        guard let authority = request.head.authority, origin != "null" else { return false }
        return origin == "http://\(authority)" || origin == "https://\(authority)"
    }

    /// The 403 a cross-site request gets.
    static var refusal: APIError {
        APIError(
            .forbidden, .usage,
            "a page of another site may not send this request; use the form on this server's own page",
            code: "crossSiteRequest")
    }
}
