import CoffeeEntity
import CoffeeUseCase
import Core
import Hummingbird
import HummingbirdAuth

/// The request context of the orders API: Hummingbird's, plus the token the request
/// authenticated with (`identity`, hummingbird-auth's `AuthRequestContext`), if any.
///
/// Our own type rather than `BasicAuthRequestContext<APIToken>`: a concrete context lets the
/// router's generic code be specialized, where the generic one cost a metadata lookup per use.
public struct CoffeeRequestContext: AuthRequestContext, RequestContext {
    /// Hummingbird's per-request storage (logger, parameters, allocator).
    public var coreContext: CoreRequestContextStorage
    /// The token the request authenticated with; `nil` for a customer.
    public var identity: APIToken?
    /// The store's revision as `TokenAuthenticator` read it, after the request arrived: fresh
    /// enough for any cache check later in the same request, which reuses it.
    public var revision: Int64?

    /// A context with no identity yet (`TokenAuthenticator` sets it).
    public init(source: Source) {
        coreContext = .init(source: source)
        identity = nil
        revision = nil
    }
}

/// Finds who is asking: the stored token matching `Authorization: Bearer <token>` (the header
/// read by hummingbird-auth), put in the context as its `identity`.
///
/// No header is no identity (a customer; `RequireRole` decides whether that is enough); a token
/// that is not stored, or was revoked, is refused at once (401 `invalid_token`) rather than
/// treated as no token, so a client learns its token is bad instead of seeing a customer's view.
/// The token is never logged: the use case looks up its SHA-256, and no error repeats it.
///
/// Found tokens are kept under the store's revision, which every create and revoke changes in
/// any process: a revoked token is refused by the next request, while a busy client costs one
/// revision read instead of a lookup. The revision read here is left in the context for the
/// list cache, so an authenticated list costs one revision read in all. Refusals are not kept:
/// a wrong token is looked up each time.
struct TokenAuthenticator: RouterMiddleware {
    typealias Context = CoffeeRequestContext

    let useCase: CoffeeUseCase
    /// Keyed by the token itself, in memory only: hashing it on every request cost more than the lookup saved.
    let cache: RevisionCache<APIToken>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        guard let bearer = request.headers.bearer?.token else { return try await next(request, context) }
        var context = context
        let revision = try await useCase.revision()
        context.revision = revision
        context.identity = try await cache.value(for: bearer, revision: revision) {
            try await useCase.authenticate(bearer: bearer)
        }
        return try await next(request, context)
    }
}

/// Lets a request through when it authenticated with a token whose role `allowed` holds.
///
/// Not hummingbird-auth's `AuthorizationPolicyMiddleware`: that answers a missing identity with a
/// bare 401, and the API's 401 must carry its problem body and the `WWW-Authenticate` challenge.
struct RequireRole: RouterMiddleware {
    typealias Context = CoffeeRequestContext

    let allowed: [TokenRole]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        try Self.check(context.identity, allowed: allowed)
        return try await next(request, context)
    }

    /// Throws `CoffeeError.unauthorized(.missing)` with no token, `.forbidden` when its role is not in `allowed`.
    static func check(_ token: APIToken?, allowed: [TokenRole]) throws {
        guard let token else { throw CoffeeError.unauthorized(reason: .missing) }
        guard allowed.contains(token.role) else { throw CoffeeError.forbidden(role: token.role, allowed: allowed) }
    }
}
