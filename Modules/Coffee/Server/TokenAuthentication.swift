import CoffeeEntity
import CoffeeUseCase
import Core
import Hummingbird
import HummingbirdAuth

/// The request context of the orders API: hummingbird-auth's, carrying the token the request
/// authenticated with (`identity`), if any.
public typealias CoffeeRequestContext = BasicAuthRequestContext<APIToken>

/// Finds who is asking: the stored token matching `Authorization: Bearer <token>`.
///
/// hummingbird-auth reads the header and puts what `authenticate` returns in the context. No
/// header is no identity (a customer; `RequireRole` decides whether that is enough); a token
/// that is not stored, or was revoked, is refused at once (401 `invalid_token`) rather than
/// treated as no token, so a client learns its token is bad instead of seeing a customer's view.
/// The token is never logged: the use case looks up its SHA-256, and no error repeats it.
///
/// Found tokens are kept by their SHA-256 under the token store's revision, which every create
/// and revoke changes in any process, so a revoked token is refused by the next request (the
/// revision is read fresh per request, as for the list cache) while a busy client costs one
/// cheap revision read instead of a lookup. Refusals are not kept: a wrong token is looked up each time.
struct TokenAuthenticator: AuthenticatorMiddleware {
    typealias Context = CoffeeRequestContext

    let useCase: CoffeeUseCase
    let cache: RevisionCache<APIToken>

    func authenticate(request: Request, context: Context) async throws -> APIToken? {
        guard let bearer = request.headers.bearer?.token else { return nil }
        return try await cache.value(for: SHA256.hex(bearer), revision: try await useCase.tokenRevision()) {
            try await useCase.authenticate(bearer: bearer)
        }
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
