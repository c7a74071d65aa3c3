import Hummingbird

/// Adds the headers that keep a page to its own origin to every response that passes through it.
///
/// - `Content-Security-Policy`: scripts, styles, images, connections (`EventSource`) and form
///   targets from this origin only, no inline script or style, no plugins, never in a frame;
/// - `X-Content-Type-Options: nosniff`: a response is read as the type it says it is;
/// - `X-Frame-Options: DENY`: `frame-ancestors 'none'` for browsers without CSP level 2;
/// - `Referrer-Policy: same-origin`: no page address leaks to another site.
///
/// Errors thrown further in are answered by the middlewares outside this one, so it is added
/// first on a router whose error middleware should carry the headers too.
public struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The policy every response carries.
    public static var contentSecurityPolicy: String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
    }

    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response = try await next(request, context)
        Self.addHeaders(to: &response.headers)
        return response
    }

    /// Sets the security headers on `headers`, keeping any the route set itself.
    public static func addHeaders(to headers: inout HTTPFields) {
        if headers[.contentSecurityPolicy] == nil { headers[.contentSecurityPolicy] = contentSecurityPolicy }
        headers[.xContentTypeOptions] = "nosniff"
        if let name = WebFieldNames.frameOptions { headers[name] = "DENY" }
        if let name = WebFieldNames.referrerPolicy { headers[name] = "same-origin" }
    }
}

/// Header names HTTPTypes does not declare (each parses, being a token; optional only by the API's type).
enum WebFieldNames {
    static let frameOptions = HTTPFields.Element.Name("X-Frame-Options")
    static let referrerPolicy = HTTPFields.Element.Name("Referrer-Policy")
    static let fetchSite = HTTPFields.Element.Name("Sec-Fetch-Site")
}
