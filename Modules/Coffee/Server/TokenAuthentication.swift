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
    /// Why the request has no identity, for `RequireRole`'s 401: no token, or one no stored token matches.
    public var missingIdentity: AuthorizationFailure
    /// The store's revision as `TokenAuthenticator` read it, after the request arrived: fresh
    /// enough for any cache check later in the same request, which reuses it.
    public var revision: Int64?

    /// A context with no identity yet (`TokenAuthenticator` sets it).
    public init(source: Source) {
        coreContext = .init(source: source)
        identity = nil
        missingIdentity = .missing
        revision = nil
    }
}

/// Finds who is asking: the stored token matching `Authorization: Bearer <token>` (the header
/// read by hummingbird-auth), put in the context as its `identity`.
///
/// It runs only on the routes that need a role (`CoffeeServer.router()` attaches it to their
/// groups, as hummingbird-auth attaches an authenticator): the customers' routes and the probes
/// (`/health`, `/ready`, `/menu`, `/openapi.json`, `POST /orders`) never read the token or the
/// token store, so a wrong or revoked token there is ignored, as a customer's missing one is,
/// and liveness never waits for the database. Here a token that is not stored, or was revoked,
/// leaves no identity and notes why (`missingIdentity`): `RequireRole` then answers 401
/// `invalid_token`, so a client learns its token is bad; a route open to anyone (one order by
/// its full id) ignores it. The token is never logged: the use case looks up its SHA-256, and no
/// error repeats it.
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
        do {
            context.identity = try await cache.value(for: bearer, revision: revision) {
                try await useCase.authenticate(bearer: bearer)
            }
        } catch CoffeeError.unauthorized(let reason) {
            context.missingIdentity = reason
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
        try Self.check(context, allowed: allowed)
        return try await next(request, context)
    }

    /// Throws `CoffeeError.unauthorized` with no token (`.missing`) or a token no stored one
    /// matches (`.invalid`), `.forbidden` when its role is not in `allowed`.
    static func check(_ context: Context, allowed: [TokenRole]) throws {
        guard let token = context.identity else { throw CoffeeError.unauthorized(reason: context.missingIdentity) }
        guard allowed.contains(token.role) else { throw CoffeeError.forbidden(role: token.role, allowed: allowed) }
    }
}
