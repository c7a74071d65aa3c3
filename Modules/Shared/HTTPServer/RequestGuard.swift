import Core
import Hummingbird

/// The one check every request to every server passes, before any route: the host, where a
/// request that changes something comes from, and the security headers on every answer.
///
/// 1. `Host` must name this server (`ServedHosts`): a request for another name is 421
///    Misdirected Request (RFC 9110 §15.5.20: the target's authority is not one this server
///    answers for; the request itself is well formed, so not 400), and one without `Host` is 400
///    (RFC 9112 §3.2). A page of another site whose name was made to resolve here (DNS
///    rebinding) reads and changes nothing.
/// 2. A request that changes something (POST, PUT, PATCH, DELETE) that a browser says comes
///    from another site is 403. A browser names where a request comes from: `Sec-Fetch-Site`
///    (`same-origin`, `same-site`, `cross-site`, or `none` when a person typed the address) and,
///    on every unsafe request, `Origin`, which must be a page of this server (compared with
///    `ServedHosts`, never with the request's own `Host`). Together with `SameSite=Strict`
///    cookies this makes every form and API call CSRF-safe without a token in each form. A
///    request with neither header (curl, the apps' own HTTP client) is not from a browser page
///    and passes: it carries no ambient cookie an attacker could use.
/// 3. Every answer, errors included, carries `SecurityHeaders`.
///
/// `HTTPServerRunner` puts it around the whole router, so no route, middleware or 404 escapes it.
public struct RequestGuard<Context: RequestContext>: RouterMiddleware {
    private let hosts: ServedHosts
    private let ids: RequestIDSource

    /// A guard for a server answering `hosts`.
    public init(hosts: ServedHosts) {
        self.init(hosts: hosts, ids: RequestIDSource())
    }

    init(hosts: ServedHosts, ids: RequestIDSource) {
        self.hosts = hosts
        self.ids = ids
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        if let refusal = refusal(for: request) {
            var response = JSONMessages.response(for: refusal)
            let clientID = request.headers[RequestIDMiddleware<Context>.header]
            response.headers[RequestIDMiddleware<Context>.header] =
                clientID.flatMap { RequestIDMiddleware<Context>.isSafe($0) ? $0 : nil } ?? ids.next()
            SecurityHeaders.add(to: &response.headers)
            return response
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as APIError {
            response = JSONMessages.response(for: error)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        } catch {
            // What no middleware turned into a response still leaves with the headers.
            context.logger.error("request failed", metadata: ["error": .string(String(describing: error))])
            response = Response(status: .internalServerError)
        }
        SecurityHeaders.add(to: &response.headers)
        return response
    }

    /// The problem `request` is refused with, or `nil` when it may go on to the routes.
    public func refusal(for request: Request) -> APIError? {
        // The first `Host` line is the request's authority; any other is left among the fields.
        let extraHosts = FieldNames.host.map { request.headers[values: $0] } ?? []
        guard let authority = request.head.authority, extraHosts.isEmpty else {
            return Self.missingHost
        }
        guard hosts.servesHost(authority) else { return Self.unknownHost(authority) }
        return Self.isFromThisSite(request, hosts: hosts) ? nil : Self.crossSite
    }

    /// Whether `request` is safe, or unsafe but from this server's own pages (or not from a browser).
    public static func isFromThisSite(_ request: Request, hosts: ServedHosts) -> Bool {
        switch request.method {
        case .get, .head, .options, .trace: return true
        default: break
        }
        if let name = FieldNames.fetchSite, let site = request.headers[name]?.lowercased() {
            guard site == "same-origin" || site == "none" else { return false }
        }
        guard let origin = request.headers[.origin] else { return true }
        return hosts.servesOrigin(origin)
    }

    /// The 400 a request without exactly one `Host` gets.
    static var missingHost: APIError {
        APIError(
            .badRequest, .usage, "the request has no Host header (or more than one); send the server's host and port",
            code: "missingHost")
    }

    /// The 421 a request for a name this server does not answer gets.
    static func unknownHost(_ authority: String) -> APIError {
        APIError(
            .misdirectedRequest, .usage,
            "this server does not answer for the host '\(APIError.cut(authority))'; "
                + "send the address it listens on, such as 127.0.0.1 or localhost with its port",
            code: "unknownHost")
    }

    /// The 403 a cross-site request gets.
    static var crossSite: APIError {
        APIError(
            .forbidden, .usage,
            "a page of another site may not send this request; use this server's own pages, or send it without a browser",
            code: "crossSiteRequest")
    }
}

/// A router's responder inside the `RequestGuard`: what `HTTPServerRunner` serves.
struct GuardedResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context: RequestContext {
    typealias Context = Inner.Context
    let inner: Inner
    let guardrail: RequestGuard<Inner.Context>

    func respond(to request: Request, context: Context) async throws -> Response {
        try await guardrail.handle(request, context: context) { request, context in
            try await inner.respond(to: request, context: context)
        }
    }
}
