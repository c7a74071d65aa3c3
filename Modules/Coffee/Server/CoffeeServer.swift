import CoffeeEntity
import CoffeeUseCase
import Core
import Foundation
import HTTPServer
import Hummingbird
import ServiceLifecycle

/// The orders API over the coffee use cases: what `coffee serve` runs.
///
/// | route | does |
/// |---|---|
/// | `GET /health` | `{"status":"ok"}` |
/// | `GET /menu` | the menu |
/// | `GET /orders?status=&customer=&id=&from=&before=&sort=` | `{"orders":[…]}` |
/// | `POST /orders` `{"customer","coffee","size"}` | 201 and the order, once committed |
/// | `GET /orders/{id}` | the order (an id or unique prefix) |
/// | `PATCH /orders/{id}` `{"action":"advance"\|"cancel"}` or `{"status":…}` | the changed order |
/// | `DELETE /orders/{id}` | the deleted order |
///
/// Errors are JSON (`ErrorBody`): 400 malformed, 404 missing, 409 forbidden status change,
/// 413 body over the limit, 422 broken rule. This is the HTTP edge: `CoffeeServerWording`
/// words each `CoffeeError` for an HTTP client, naming the request field to fix.
public struct CoffeeServer: Sendable {
    private let useCase: CoffeeUseCase
    private let bodyLimit: Int
    private let listCache = ResponseCache()

    /// Creates the API over `useCase`; request bodies may have at most `bodyLimit` bytes.
    public init(useCase: CoffeeUseCase, bodyLimit: Int = JSONMessages.defaultBodyLimit) {
        self.useCase = useCase
        self.bodyLimit = bodyLimit
    }

    /// Serves on `host:port` until SIGINT or SIGTERM (or cancellation).
    ///
    /// - Parameters:
    ///   - quiet: log only critical errors (tests stop servers by cancelling them).
    ///   - services: what the use cases' storage needs running (a connection pool); stopped after the server.
    ///   - beforeStart: storage set-up to finish before the port opens (migrations).
    ///   - onListening: gets the host and the port actually bound (the real one when 0 was asked for).
    /// - Throws: `CoffeeError.cannotListen` when the address cannot be bound (the feature's own
    ///   case, so the app words it with the rest and no layer above needs the server module).
    public func run(
        host: String, port: Int, quiet: Bool = false, services: [any Service] = [],
        beforeStart: (@Sendable () async throws -> Void)? = nil,
        onListening: @escaping @Sendable (_ host: String, _ port: Int) -> Void
    ) async throws {
        do {
            try await HTTPServerRunner(address: .init(host: host, port: port), quiet: quiet).run(
                router(), services: services, beforeStart: beforeStart
            ) { address in
                onListening(address.host, address.port)
            }
        } catch ServerError.cannotListen(let host, let port, let reason) {
            throw CoffeeError.cannotListen(host: host, port: port, reason: reason)
        }
    }

    /// The routes, behind the JSON error middleware.
    public func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.middlewares.add(JSONErrorMiddleware(describe: CoffeeServerWording.apiError(for:)))
        router.get("health") { _, _ in try JSONMessages.response(["status": "ok"]) }
        router.get("menu") { _, _ in try JSONMessages.response(try await useCase.menu()) }
        router.post("orders") { request, _ in try await placeOrder(request) }
        // Customers: the menu, placing an order, one order by its full id. Anything that reads
        // every order needs a token (`reports` or `staff`); changing or deleting needs `staff`.
        router.get("orders/:id") { request, context in
            let id = try context.parameters.require("id")
            // A customer knows the whole id; a prefix would let anyone enumerate orders.
            if id.count != 36 || UUID(uuidString: id) == nil {
                do {
                    _ = try await TokenMiddleware.authorize(request, useCase: useCase, allowed: TokenRole.allCases)
                } catch let error as CoffeeError {
                    return TokenMiddleware.refusal(error)
                }
            }
            return try JSONMessages.response(try await useCase.show(id))
        }
        let readers = router.group().add(middleware: TokenMiddleware(useCase: useCase, allowed: TokenRole.allCases))
        readers.get("orders") { request, _ in
            let parameters = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
            let query = try OrderQueryParameters.query(from: parameters)
            // Lists are served from the cache while no order changed anywhere (see `ResponseCache`).
            return try await listCache.response(for: request.uri.query ?? "", revision: try await useCase.revision()) {
                OrderListBody(orders: try await useCase.list(query))
            }
        }
        let staff = router.group().add(middleware: TokenMiddleware(useCase: useCase, allowed: [.staff]))
        staff.patch("orders/:id") { request, context in
            let id = try context.parameters.require("id")
            let body = try await JSONMessages.decode(StatusChangeBody.self, from: request, limit: bodyLimit)
            return try JSONMessages.response(try await change(id, body))
        }
        staff.delete("orders/:id") { _, context in
            try JSONMessages.response(try await useCase.delete(try context.parameters.require("id")))
        }
        return router
    }

    /// `POST /orders`, once per `Idempotency-Key` when one is sent.
    private func placeOrder(_ request: Request) async throws -> Response {
        let bytes = try await JSONMessages.collect(request, limit: bodyLimit)
        let body = try JSONMessages.decode(NewOrderBody.self, from: bytes)
        let idempotency = try request.headers.first(where: { $0.name.canonicalName == "idempotency-key" }).map(\.value)
            .map { header in
                try IdempotentRequest(
                    key: Self.keyValue(header),
                    fingerprint: IdempotentRequest.fingerprint(
                        method: request.method.rawValue, path: request.uri.path, body: bytes))
            }
        let order = try await useCase.place(
            customer: body.customer ?? body.name ?? "", coffee: body.coffee ?? "", size: body.size ?? "",
            idempotency: idempotency)
        // The use case returned only after the repository committed: 201 means the order is stored
        // (a replay answers the same 201 and the same order as the first request with its key).
        return try JSONMessages.response(order, status: .created)
    }

    /// The key of an `Idempotency-Key` header: the draft makes it a structured-field string
    /// (`"…"`); a bare token is accepted too, as clients commonly send one.
    static func keyValue(_ header: String) -> String {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") else { return trimmed }
        return String(trimmed.dropFirst().dropLast())
    }

    private func change(_ id: String, _ body: StatusChangeBody) async throws -> Order {
        switch (body.action?.lowercased(), body.status) {
        case ("advance", nil): return try await useCase.advance(id)
        case ("cancel", nil): return try await useCase.cancel(id)
        case (nil, let status?): return try await useCase.changeStatus(id, to: try OrderStatus(parsing: status))
        default:
            throw APIError(
                .validation,
                #"say what to change: {"action": "advance"} or {"action": "cancel"}, or {"status": "<next status>"}"#,
                field: "action")
        }
    }
}

/// Lets a request through when its `Authorization: Bearer` token is stored and its role is allowed.
///
/// 401 with `WWW-Authenticate: Bearer` for no token or an unknown or revoked one, 403 for a
/// valid token whose role the route does not allow. The token is never logged: only its
/// SHA-256 is looked up, and no error repeats it.
struct TokenMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    let useCase: CoffeeUseCase
    let allowed: [TokenRole]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        do {
            _ = try await Self.authorize(request, useCase: useCase, allowed: allowed)
        } catch let error as CoffeeError {
            return Self.refusal(error)
        }
        return try await next(request, context)
    }

    /// The 401 or 403 answer: the error body, and for 401 the `WWW-Authenticate: Bearer` challenge (RFC 6750).
    static func refusal(_ error: CoffeeError) -> Response {
        var response = JSONMessages.response(for: CoffeeServerWording.describe(error).carrying(error))
        if case .unauthorized(let reason) = error {
            response.headers[.wwwAuthenticate] =
                reason == .missing ? #"Bearer realm="coffee""# : #"Bearer realm="coffee", error="invalid_token""#
        }
        return response
    }

    /// The request's token, checked against `allowed`.
    ///
    /// - Throws: `CoffeeError.unauthorized` or `.forbidden`.
    static func authorize(_ request: Request, useCase: CoffeeUseCase, allowed: [TokenRole]) async throws -> APIToken {
        let token = try await useCase.authenticate(bearer: bearer(request))
        guard allowed.contains(token.role) else { throw CoffeeError.forbidden(role: token.role, allowed: allowed) }
        return token
    }

    /// The credentials of `Authorization: Bearer <token>` (RFC 6750; the scheme in any case).
    static func bearer(_ request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        return parts[1].trimmingCharacters(in: .whitespaces)
    }
}

/// `POST /orders`: `customer` (or `name`), `coffee` and `size`; what is missing breaks a rule (422).
struct NewOrderBody: Decodable {
    let customer: String?
    let name: String?
    let coffee: String?
    let size: String?
}

/// `PATCH /orders/{id}`: an action or a target status.
struct StatusChangeBody: Decodable {
    let action: String?
    let status: String?
}

/// `GET /orders`.
struct OrderListBody: Encodable {
    let orders: [Order]
}
