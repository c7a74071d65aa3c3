import CoffeeEntity
import CoffeeUseCase
import Core
import Foundation
import HTTPServer
import Hummingbird
import RawStructuredFieldValues
import ServiceLifecycle

/// The orders API over the coffee use cases: what `coffee serve` runs.
///
/// | route | does |
/// |---|---|
/// | `GET /health` | `{"status":"ok"}`: the process answers |
/// | `GET /ready` | `{"status":"ready"}` once the database answers a query; 503 when it does not |
/// | `GET /openapi.json` | the OpenAPI 3.1 document of this API (`CoffeeOpenAPI`) |
/// | `GET /menu` | the menu |
/// | `GET /orders?status=&customer=&id=&from=&before=&sort=` | `{"orders":[…]}` (a staff or reports token) |
/// | `POST /orders` `{"customer","coffee","size"}` | 201 and the order, once committed; once per `Idempotency-Key` |
/// | `GET /orders/{id}` | the order (a full id for anyone; a unique prefix with a token) |
/// | `PATCH /orders/{id}` `{"action":"advance"\|"cancel"}` or `{"status":…}` | the changed order (a staff token) |
/// | `DELETE /orders/{id}` | the deleted order (a staff token) |
///
/// Errors are RFC 9457 problems (`application/problem+json`, `ErrorBody`): 400 malformed, 401 no
/// or bad token (with `WWW-Authenticate`), 403 role not allowed, 404 missing, 405 wrong method
/// (with `Allow`), 409 forbidden status change or key in flight, 413 body over the limit, 422
/// broken rule or key reused for another body, 415 a body not declared `application/json`, 421 a
/// `Host` this server does not answer, 403 a change a page of another site sends (`RequestGuard`,
/// before any route), 503 storage not answering. Every response carries `X-Request-ID`
/// (`RequestIDMiddleware`) and the security headers (`SecurityHeaders`). This is the HTTP edge: `CoffeeServerWording`
/// words each `CoffeeError` for an HTTP client, naming the request field to fix.
public struct CoffeeServer: Sendable {
    private let useCase: CoffeeUseCase
    private let bodyLimit: Int
    /// Routes the app adds beside the API (its web pages); this layer never renders a page.
    private let extraRoutes: (any RouteSource)?
    private let listCache = ResponseCache()
    private let tokenCache = RevisionCache<APIToken>(capacity: 256)

    /// The log levels `run` takes, lowest first (`trace` … `critical`).
    public static var logLevels: [String] { HTTPServerRunner.logLevelNames }

    /// Creates the API over `useCase`; request bodies may have at most `bodyLimit` bytes.
    ///
    /// `extraRoutes` are served beside the API, behind the request-id and problem middlewares:
    /// the app's web pages, which the app edge renders (this layer holds no HTML).
    public init(
        useCase: CoffeeUseCase, bodyLimit: Int = JSONMessages.defaultBodyLimit, extraRoutes: (any RouteSource)? = nil
    ) {
        self.useCase = useCase
        self.bodyLimit = bodyLimit
        self.extraRoutes = extraRoutes
    }

    /// Serves on `host:port` until SIGINT or SIGTERM (or cancellation).
    ///
    /// - Parameters:
    ///   - quiet: log only critical errors (tests stop servers by cancelling them).
    ///   - logLevel: the lowest level logged otherwise, one of `logLevels` (`info` logs a line per request, with its id).
    ///   - timeouts: how long a connection may stay silent, and take over a request's head and body.
    ///   - allowedHosts: names a proxy serves the server under (`ServedHosts.PublicName`); others are 421.
    ///   - services: what the use cases' storage needs running (a connection pool); stopped after the server.
    ///   - beforeStart: storage set-up to finish before the port opens (migrations).
    ///   - onListening: gets the host and the port actually bound (the real one when 0 was asked for).
    /// - Throws: `CoffeeError.cannotListen` when the address cannot be bound (the feature's own
    ///   case, so the app words it with the rest and no layer above needs the server module).
    public func run(
        host: String, port: Int, quiet: Bool = false, logLevel: String = "warning",
        timeouts: ConnectionTimeouts = .standard, allowedHosts: [String] = [], services: [any Service] = [],
        beforeStart: (@Sendable () async throws -> Void)? = nil,
        onListening: @escaping @Sendable (_ host: String, _ port: Int) -> Void
    ) async throws {
        do {
            let runner = HTTPServerRunner(
                address: .init(host: host, port: port), quiet: quiet, logLevel: .init(rawValue: logLevel) ?? .warning,
                timeouts: timeouts, publicNames: allowedHosts.compactMap(ServedHosts.PublicName.init))
            try await runner.run(
                router(), services: services, beforeStart: beforeStart
            ) { address in
                onListening(address.host, address.port)
            }
        } catch ServerError.cannotListen(let host, let port, let reason) {
            throw CoffeeError.cannotListen(host: host, port: port, reason: reason)
        } catch ServerError.portInUse(let host, let port) {
            throw CoffeeError.portInUse(host: host, port: port)
        }
    }

    /// The routes, behind the request-id and problem middlewares (and the token's, where a role
    /// may be needed); a known path with another method is 405.
    public func router() -> Router<CoffeeRequestContext> {
        let router = Router(context: CoffeeRequestContext.self)
        router.middlewares.add(RequestIDMiddleware())
        router.middlewares.add(JSONErrorMiddleware(describe: CoffeeServerWording.apiError(for:)))
        // Open to anyone, and blind to any token: liveness, readiness, the contract, the menu, placing an order.
        router.get("health") { _, _ in try JSONMessages.response(["status": "ok"]) }
        router.get("ready") { _, _ in try await ready() }
        router.get("openapi.json") { _, _ in CoffeeOpenAPI.response() }
        router.get("menu") { _, _ in try JSONMessages.response(try await useCase.menu()) }
        router.post("orders") { request, _ in try await placeOrder(request) }
        // Routes that may need a role learn who is asking (`TokenAuthenticator`); anything that
        // reads every order needs a token (`reports` or `staff`); changing or deleting needs `staff`.
        let authenticator = TokenAuthenticator(useCase: useCase, cache: tokenCache)
        let lookups = router.group().add(middleware: authenticator)
        lookups.get("orders/:id") { _, context in
            let id = try context.parameters.require("id")
            // A customer knows the whole id; a prefix would let anyone enumerate orders.
            if IDPrefix.fullID(id) == nil {
                try RequireRole.check(context, allowed: TokenRole.allCases)
            }
            return try JSONMessages.response(try await useCase.show(id))
        }
        let readers = router.group().add(middleware: authenticator).add(
            middleware: RequireRole(allowed: TokenRole.allCases))
        readers.get("orders") { request, context in
            let parameters = request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) }
            let query = try OrderQueryParameters.query(from: parameters)
            // Lists are served from the cache while no order changed anywhere (see `ResponseCache`).
            // The revision the token check read (see `CoffeeRequestContext.revision`), else a fresh one.
            var revision = context.revision
            if revision == nil { revision = try await useCase.revision() }
            return try await listCache.response(for: request.uri.query ?? "", revision: revision) {
                OrderListBody(try await useCase.page(query))
            }
        }
        let staff = router.group().add(middleware: authenticator).add(middleware: RequireRole(allowed: [.staff]))
        staff.patch("orders/:id") { request, context in
            let id = try context.parameters.require("id")
            let body = try await JSONMessages.decode(StatusChangeBody.self, from: request, limit: bodyLimit)
            return try JSONMessages.response(try await change(id, body))
        }
        staff.delete("orders/:id") { _, context in
            try JSONMessages.response(try await useCase.delete(try context.parameters.require("id")))
        }
        extraRoutes?.addRoutes(to: router)
        // Last: it wraps only the not-found responder, and reads the routes above (one source of truth).
        MethodNotAllowedMiddleware.install(on: router)
        return router
    }

    /// `GET /ready`: 200 once the storage answers a cheap query, else a 503 problem.
    private func ready() async throws -> Response {
        do {
            try await useCase.ready()
        } catch {
            throw CoffeeServerWording.notReady(error)
        }
        return try JSONMessages.response(["status": "ready"])
    }

    /// `POST /orders`, once per `Idempotency-Key` when one is sent.
    private func placeOrder(_ request: Request) async throws -> Response {
        let bytes = try await JSONMessages.collectJSON(request, limit: bodyLimit)
        let body = try JSONMessages.decode(NewOrderBody.self, from: bytes)
        let lines = request.headers.filter { $0.name.canonicalName == "idempotency-key" }.map(\.value)
        let idempotency = try Self.idempotencyKey(lines).map { key in
            try IdempotentRequest(
                key: key,
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

    /// The key of the `Idempotency-Key` field lines, read by the draft's rules; `nil` when none was sent.
    ///
    /// The draft makes the field an Item Structured Header whose value MUST be a String (RFC 9651
    /// `sf-string`): `"…"` with `\"` and `\\` as its only escapes. It is parsed by
    /// swift-http-structured-headers, exactly as RFC 9651 says:
    /// - several field lines are one value joined by commas, so two lines (even equal ones) are a
    ///   List, not an Item: 400, as `"a", "b"` is;
    /// - parameters (`"abc";a=1`) belong to the Item and are ignored, since the draft defines
    ///   none and RFC 9651 has a recipient ignore parameters it does not know: `"abc";a=1` is the
    ///   key `abc`;
    /// - a bare value is 400: a token (`abc`) is another type than a String, which the draft does
    ///   not allow, and a bare UUID is not even a valid Item.
    ///
    /// - Throws: `APIError` 400 naming the field when the lines are not one String Item.
    static func idempotencyKey(_ lines: [String]) throws -> String? {
        guard !lines.isEmpty else { return nil }
        let joined = lines.joined(separator: ", ")
        let failure = IdempotencyKeyFailure(lines: lines.count, value: joined)
        let item: Item
        do {
            var parser = StructuredFieldValueParser(Array(joined.utf8))
            item = try parser.parseItemFieldValue()
        } catch {
            throw CoffeeServerWording.notAnIdempotencyKeyField(failure)
        }
        guard case .string(let key) = item.rfc9651BareItem else {
            throw CoffeeServerWording.notAnIdempotencyKeyField(failure)
        }
        return key
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
    /// Where the next page starts, sent back as `after`; left out on the last page.
    let next: String?

    init(_ page: OrderPage) {
        orders = page.orders
        next = page.next?.text
    }
}
