import Core
import Foundation
import HTTPServer
import Hummingbird
import Synchronization
import Testing

@Suite("Shared HTTP server pieces")
struct HTTPServerTests {
    @Test("a body may take its timeout plus one second per minimum-rate bytes; no timeout is no limit")
    func bodyAllowance() {
        let timeouts = ConnectionTimeouts(
            idle: .seconds(30), header: .seconds(20), body: .seconds(20), bodyMinRate: 500)
        #expect(timeouts.bodyAllowance(after: 0) == .seconds(20))
        #expect(timeouts.bodyAllowance(after: 56) == .seconds(20) + .milliseconds(112))
        #expect(timeouts.bodyAllowance(after: 64 * 1024) == .seconds(20) + .milliseconds(131_072))
        #expect(ConnectionTimeouts(body: nil).bodyAllowance(after: 1000) == nil)
        #expect(ConnectionTimeouts(bodyMinRate: 0).bodyMinRate == 1)
    }

    @Test("each kind of domain error has its status")
    func statuses() {
        let expected: [ErrorKind: Int] = [
            .usage: 400, .badData: 400, .validation: 422, .notFound: 404, .conflict: 409,
            .network: 502, .remote: 502, .storage: 503, .internal: 500,
        ]
        for kind in ErrorKind.allCases {
            #expect(APIError.status(for: kind).code == expected[kind], "\(kind)")
        }
    }

    @Test("an error response is an RFC 9457 problem with the kind, the one-line message and the field to fix")
    func errorResponse() throws {
        let error = APIError(.validation, "customer must be 1 to 60 characters", field: "customer")
        let response = JSONMessages.response(for: error)
        #expect(response.status == .unprocessableContent)
        #expect(response.headers[.contentType] == "application/problem+json")
        let decoded = try JSONDecoder().decode(ErrorBody.self, from: try JSONEncoder().encode(ErrorBody(error)))
        #expect(decoded.type == "urn:strata:problem:validation")
        #expect(decoded.title == "Unprocessable Content" && decoded.status == 422)
        #expect(decoded.detail == "customer must be 1 to 60 characters")
        #expect(decoded.kind == .validation && decoded.field == "customer")
    }

    @Test("a problem has exactly RFC 9457's members and our extension members kind, field, code and failure")
    func problemMembers() throws {
        enum Sample: Codable { case tooLong(length: Int) }
        let error = APIError(.validation, "customer is too long", field: "customer").carrying(
            Sample.tooLong(length: 61))
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(ErrorBody(error)))
        let members = try #require(object as? [String: Any]).keys
        #expect(Set(members) == ["type", "title", "status", "detail", "kind", "field", "code", "failure"])
    }

    @Test("a feature's error travels in the body as its code and failure, and reads back unchanged")
    func carriedError() throws {
        enum Sample: Codable, Equatable {
            case tooLong(length: Int, limit: Int)
            case missing
        }
        let error = APIError(.validation, "customer is too long", field: "customer").carrying(
            Sample.tooLong(length: 61, limit: 60))
        #expect(error.code == "tooLong")
        #expect(error.failure == .object(["tooLong": .object(["length": .integer(61), "limit": .integer(60)])]))
        let body = try JSONEncoder().encode(ErrorBody(error))
        #expect(try JSONDecoder().decode(ErrorBody.self, from: body) == ErrorBody(error))
        let failure = try #require(try JSONDecoder().decode(ErrorBody.self, from: body).failure)
        #expect(
            try JSONDecoder().decode(Sample.self, from: try JSONEncoder().encode(failure))
                == .tooLong(length: 61, limit: 60))
        #expect(APIError(.validation, "x").carrying(Sample.missing).code == "missing")
        #expect(APIError(.validation, "x").carrying("not an enum").code == nil)
        #expect(APIError(.validation, "x").code == nil && APIError(.validation, "x").failure == nil)
    }

    @Test("errors of every origin become API errors with a fitting status")
    func middlewareMapping() {
        let request = Request(
            head: .init(method: .get, scheme: "http", authority: "localhost", path: "/nowhere"),
            body: .init(buffer: ByteBuffer()))
        struct Sample: DomainError { var kind: ErrorKind { .conflict } }
        let plain = JSONErrorMiddleware<BasicRequestContext>()
        #expect(plain.apiError(Sample(), request: request).status == .conflict)
        let worded = JSONErrorMiddleware<BasicRequestContext> { error in
            error is Sample ? APIError(.conflict, "worded by the feature", field: "status") : nil
        }
        #expect(worded.apiError(Sample(), request: request).field == "status")
        let busy = plain.apiError(
            StorageError(.write, path: "/x", reason: "database is locked", isBusy: true), request: request)
        #expect(busy.status == .serviceUnavailable)
        let missing = plain.apiError(HTTPError(.notFound), request: request)
        #expect(missing.status == .notFound)
        #expect(missing.message.contains("/nowhere"))
        #expect(plain.apiError(HTTPError(.contentTooLarge), request: request).status == .contentTooLarge)
        let unexpected = plain.apiError(CocoaError(.fileNoSuchFile), request: request)
        #expect(unexpected.status == .internalServerError)
        #expect(!unexpected.message.contains("Cocoa"))
    }

    @Test("the response cache serves a stored body only while the revision is the same")
    func responseCache() async throws {
        let cache = ResponseCache(capacity: 2)
        let made = Mutex(0)
        func get(_ key: String, _ revision: Int64?) async throws -> Response {
            try await cache.response(for: key, revision: revision) {
                made.withLock { $0 += 1 }
                return ["made": made.withLock { $0 }]
            }
        }
        _ = try await get("a", 1)
        _ = try await get("a", 1)
        #expect(made.withLock { $0 } == 1)
        _ = try await get("a", 2)
        #expect(made.withLock { $0 } == 2)
        _ = try await get("b", nil)
        _ = try await get("b", nil)
        #expect(made.withLock { $0 } == 4)
        let response = try await get("a", 2)
        #expect(response.headers[.contentType] == "application/json; charset=utf-8")
        #expect(made.withLock { $0 } == 4)
    }

    @Test("a path's methods come from the routes: parameters match one segment, unknown paths none")
    func allowedMethods() {
        let middleware = MethodNotAllowedMiddleware<BasicRequestContext>(routes: [
            (path: "/orders", method: "GET"), (path: "/orders", method: "POST"),
            (path: "/orders/{id}", method: "GET"), (path: "/orders/{id}", method: "DELETE"),
            (path: "/orders/{id}", method: "PATCH"), (path: "/health", method: "GET"),
        ])
        #expect(middleware.allowedMethods(path: "/orders") == ["GET", "POST"])
        #expect(middleware.allowedMethods(path: "/orders/") == ["GET", "POST"])
        #expect(middleware.allowedMethods(path: "/orders/abc") == ["DELETE", "GET", "PATCH"])
        #expect(middleware.allowedMethods(path: "/orders/abc/def").isEmpty)
        #expect(middleware.allowedMethods(path: "/nowhere").isEmpty)
        #expect(middleware.allowedMethods(path: "/Health").isEmpty)
    }

    @Test(
        "a client's request id is kept only when short and made of safe characters; new ones are UUID-shaped and differ"
    )
    func requestIDs() {
        let ids = RequestIDMiddleware<BasicRequestContext>()
        #expect(ids.id(from: "a1-B2_c.d:e/f") == "a1-B2_c.d:e/f")
        #expect(ids.id(from: String(repeating: "x", count: 128)) == String(repeating: "x", count: 128))
        var made: Set<String> = []
        for unsafe in [nil, "", String(repeating: "x", count: 129), "a b", "a\nb", "a\"b", "ü", "a=b"] {
            let id = ids.id(from: unsafe)
            #expect(
                id != unsafe && UUID(uuidString: id) != nil && id == id.lowercased(), "\(String(describing: unsafe))")
            made.insert(id)
        }
        #expect(made.count == 8)
        // Another server's ids differ too (a random prefix per server).
        let other = RequestIDMiddleware<BasicRequestContext>().id(from: nil)
        #expect(!made.contains(other) && UUID(uuidString: other) != nil)
    }
}
