import CoffeeEntity
import Core
import Foundation
import HTTPClient

/// Orders kept by an orders server (`CoffeeServer`), reached with JSON over HTTP.
///
/// The server runs the same use cases on its own database, so every rule is checked there
/// too; its problem bodies carry the `CoffeeError` itself (`failure`), which this repository
/// throws again, so a remote run prints and exits as a local one would.
public struct RemoteOrderRepository: OrderRepository {
    private let baseURL: URL
    private let client: HTTPClient
    /// The bearer token sent on every request (staff routes need one); never logged or printed.
    private let token: String?

    /// Creates a repository for the server at `baseURL`, such as `http://127.0.0.1:8080`,
    /// sending `token` as `Authorization: Bearer` when given.
    public init(baseURL: URL, client: HTTPClient, token: String? = nil) {
        self.baseURL = baseURL
        self.client = client
        self.token = token
    }

    /// `GET /menu`.
    public func menu() async throws -> Menu {
        try await call("GET", "/menu", as: Menu.self)
    }

    /// `GET /orders` with the query's filters as parameters, page after page (each at most
    /// `OrderQuery.largestPage`) until the query's limit or the last page.
    ///
    /// A page's `next` must lie past the page before it: a server that answers otherwise would
    /// keep this client asking forever, so it is an unexpected answer.
    public func list(_ query: OrderQuery) async throws -> [Order] {
        var orders: [Order] = []
        var page = query
        if let limit = query.limit, limit <= 0 { return orders }
        while true {
            let wanted = query.limit.map { $0 - orders.count }
            page.limit = min(wanted ?? OrderQuery.largestPage, OrderQuery.largestPage)
            let items = OrderQueryParameters.items(of: page)
            let answer = try await call("GET", "/orders", query: items, as: OrderList.self)
            orders += answer.orders.prefix(page.limit ?? answer.orders.count)
            guard let text = answer.next, query.limit.map({ orders.count < $0 }) ?? true else { return orders }
            guard let next = try? OrderCursor(parsing: text), !answer.orders.isEmpty,
                page.after.map({ query.sort.places($0, before: next) }) ?? true
            else {
                throw CoffeeError.unexpectedAnswer(request: "GET /orders?\(Self.queryText(items))")
            }
            page.after = next
        }
    }

    private static func queryText(_ items: [URLQueryItem]) -> String {
        var components = URLComponents()
        components.queryItems = items
        return components.percentEncodedQuery ?? ""
    }

    /// `GET /orders/{id}`.
    public func get(_ id: Order.ID) async throws -> Order {
        try await call("GET", "/orders/\(key(id))", as: Order.self)
    }

    /// `POST /orders` with `Idempotency-Key: <the order's new id>`: the server checks and prices
    /// the order again and answers 201 once it is committed. The id is a fresh UUID for each order
    /// this client places, so the HTTP client may resend the POST after a lost answer or a 5xx:
    /// the server stores it once and answers the retry with the first order.
    public func add(_ order: Order) async throws -> Order {
        let body = NewOrderBody(customer: order.customer, coffee: order.coffee, size: order.size.rawValue)
        return try await call(
            "POST", "/orders", body: body, headers: ["Idempotency-Key": IdempotentRequest.headerValue(order.idString)],
            as: Order.self)
    }

    /// `POST /orders` with the caller's `Idempotency-Key` (the server computes the fingerprint itself).
    public func add(_ order: Order, idempotency: IdempotentRequest) async throws -> Order {
        let body = NewOrderBody(customer: order.customer, coffee: order.coffee, size: order.size.rawValue)
        return try await call(
            "POST", "/orders", body: body, headers: ["Idempotency-Key": IdempotentRequest.headerValue(idempotency.key)],
            as: Order.self)
    }

    /// `PATCH /orders/{id}` with the target status.
    public func update(_ id: Order.ID, status: OrderStatus, at date: Date) async throws -> Order {
        try await call("PATCH", "/orders/\(key(id))", body: StatusChangeBody(status: status.rawValue), as: Order.self)
    }

    /// `DELETE /orders/{id}`.
    public func delete(_ id: Order.ID) async throws -> Order {
        try await call("DELETE", "/orders/\(key(id))", as: Order.self)
    }

    /// Unknown: the server's data can change at any time without this client hearing of it.
    public func revision() async throws -> Int64? { nil }

    /// `GET /ready`: the server answers and its database does.
    public func ready() async throws {
        _ = try await call("GET", "/ready", as: ReadyBody.self)
    }

    // MARK: - HTTP

    private func key(_ id: Order.ID) -> String { id.rawValue.uuidString.lowercased() }

    private func call<Response: Decodable>(
        _ method: String, _ path: String, query: [URLQueryItem] = [], body: (some Encodable)? = Optional<String>.none,
        headers: [String: String] = [:], as type: Response.Type
    ) async throws -> Response {
        guard var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        else {
            throw CoffeeError.notAServerURL(url: baseURL.absoluteString)
        }
        if !query.isEmpty { components.queryItems = query }
        guard let url = components.url else { throw CoffeeError.notAServerURL(url: baseURL.absoluteString) }
        var request = HTTPRequest(method: method, url: url, headers: ["Accept": "application/json"])
        request.headers.merge(headers) { _, new in new }
        if let token { request.headers["Authorization"] = "Bearer \(token)" }
        if let body {
            request.body = try JSONEncoder().encode(body)
            request.headers["Content-Type"] = "application/json"
        }
        let response = try await client.send(request)
        guard response.isSuccess else { throw Self.error(from: response, request: request) }
        do {
            return try JSONDecoder().decode(Response.self, from: response.body)
        } catch {
            throw CoffeeError.unexpectedAnswer(request: "\(method) \(url.absoluteString)")
        }
    }

    /// The server's own `CoffeeError` when its problem carries one; else its kind and `detail`; else the status.
    static func error(from response: HTTPResponse, request: HTTPRequest) -> CoffeeError {
        guard let problem = try? JSONDecoder().decode(Problem.self, from: response.body) else {
            return .notAnOrdersServer(
                request: "\(request.method) \(request.url.absoluteString)", status: response.status)
        }
        return problem.failure ?? .serverFailed(kind: problem.kind, message: problem.detail)
    }
}

/// The bodies and parameters the orders API exchanges, as the Remote repository writes them.
struct NewOrderBody: Encodable {
    let customer: String
    let coffee: String
    let size: String
}

struct StatusChangeBody: Encodable {
    let status: String
}

struct ReadyBody: Decodable {
    let status: String
}

struct OrderList: Decodable {
    let orders: [Order]
    /// Where the next page starts (`OrderCursor`'s text); absent on the last page.
    let next: String?
}

/// The members of the server's RFC 9457 problem this client reads (the server writes them with `HTTPServer.ErrorBody`).
struct Problem: Decodable {
    /// The extension member naming the `ErrorKind`.
    let kind: ErrorKind
    /// The one-line message.
    let detail: String
    /// The error as the feature threw it, when the server sent one this client understands.
    let failure: CoffeeError?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(ErrorKind.self, forKey: .kind)
        detail = try container.decode(String.self, forKey: .detail)
        // A newer server may send a case this client does not know: fall back to its kind and message.
        failure = try? container.decodeIfPresent(CoffeeError.self, forKey: .failure)
    }

    private enum CodingKeys: String, CodingKey { case kind, detail, failure }
}
