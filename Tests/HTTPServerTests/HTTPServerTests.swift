import Core
import Foundation
import HTTPServer
import Hummingbird
import Synchronization
import Testing

@Suite("Shared HTTP server pieces")
struct HTTPServerTests {
    @Test("each kind of domain error has its status")
    func statuses() {
        let expected: [DomainError.Kind: Int] = [
            .usage: 400, .badData: 400, .validation: 422, .notFound: 404, .conflict: 409,
            .network: 502, .remote: 502, .storage: 503, .internal: 500,
        ]
        for kind in DomainError.Kind.allCases {
            #expect(APIError.status(for: kind).code == expected[kind], "\(kind)")
        }
    }

    @Test("an error response is JSON with the kind and the one-line message")
    func errorResponse() throws {
        let response = JSONMessages.response(for: APIError(.conflict("order ab is ready; it can only move to completed")))
        #expect(response.status == .conflict)
        #expect(response.headers[.contentType] == "application/json; charset=utf-8")
        let body = ErrorBody(.conflict("order ab is ready; it can only move to completed"))
        let decoded = try JSONDecoder().decode(ErrorBody.self, from: try JSONEncoder().encode(body))
        #expect(decoded.error.kind == .conflict)
        #expect(decoded.error.message == "order ab is ready; it can only move to completed")
    }

    @Test("errors of every origin become API errors with a fitting status")
    func middlewareMapping() {
        let request = Request(
            head: .init(method: .get, scheme: "http", authority: "localhost", path: "/nowhere"), body: .init(buffer: ByteBuffer()))
        typealias Mapping = JSONErrorMiddleware<BasicRequestContext>
        #expect(Mapping.apiError(DomainError.validation("bad"), request: request).status == .unprocessableContent)
        let missing = Mapping.apiError(HTTPError(.notFound), request: request)
        #expect(missing.status == .notFound)
        #expect(missing.error.message.contains("/nowhere"))
        #expect(Mapping.apiError(HTTPError(.contentTooLarge), request: request).status == .contentTooLarge)
        #expect(Mapping.apiError(CocoaError(.fileNoSuchFile), request: request).status == .internalServerError)
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
}
