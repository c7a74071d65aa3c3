import CoffeeServer
import Foundation
import HTTPServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one request with `headers` (as staff unless `token` says otherwise); returns the response and its body.
private func exchange(
    _ method: String, _ url: URL, headers: [String: String] = [:], body: Data? = nil,
    token: String? = ServerHarness.staffToken
) async throws -> (response: HTTPURLResponse, body: Data) {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let (data, response) = try await URLSession.shared.data(for: request)
    return (try #require(response as? HTTPURLResponse), data)
}

/// The routes as `METHOD /path` (`/orders/{id}`), from the router itself.
private func routerRoutes() -> Set<String> {
    Set(inMemoryServer().router().routes.map { "\($0.method.rawValue) \($0.path.description)" })
}

@Suite("The HTTP contract: 405, problems, request ids, the OpenAPI document")
struct HTTPContractTests {
    @Test("a known path with another method is 405 with Allow listing the route's methods; unknown paths 404")
    func methodNotAllowed() async throws {
        let routes = inMemoryServer().router().routes
        var allowed: [String: Set<String>] = [:]
        for route in routes { allowed[route.path.description, default: []].insert(route.method.rawValue) }
        #expect(allowed["/orders"] == ["GET", "POST"])
        try await ServerHarness.with(inMemoryServer()) { base in
            // The exact answer for the issue's example.
            let (put, putBody) = try await exchange("PUT", base.appendingPathComponent("orders"))
            #expect(put.statusCode == 405)
            #expect(put.value(forHTTPHeaderField: "Allow") == "GET, POST")
            #expect(put.value(forHTTPHeaderField: "Content-Type") == "application/problem+json")
            let problem = try JSONDecoder().decode(ErrorBody.self, from: putBody)
            #expect(problem.status == 405 && problem.title == "Method Not Allowed" && problem.kind == .usage)
            #expect(problem.type == "urn:strata:problem:usage")

            // Every route's wrong methods.
            for (path, methods) in allowed {
                let concrete = path.replacingOccurrences(of: "{id}", with: "0000")
                let url = try #require(URL(string: base.absoluteString + concrete))
                for method in ["GET", "POST", "PUT", "PATCH", "DELETE"] where !methods.contains(method) {
                    let (response, _) = try await exchange(method, url, body: method == "GET" ? nil : Data("{}".utf8))
                    #expect(response.statusCode == 405, "\(method) \(path)")
                    #expect(
                        response.value(forHTTPHeaderField: "Allow") == methods.sorted().joined(separator: ", "),
                        "\(method) \(path)")
                }
            }
            let (unknown, unknownBody) = try await exchange("PUT", base.appendingPathComponent("nowhere"))
            #expect(unknown.statusCode == 404)
            #expect(unknown.value(forHTTPHeaderField: "Allow") == nil)
            #expect(try JSONDecoder().decode(ErrorBody.self, from: unknownBody).status == 404)
            let (deep, _) = try await exchange("GET", base.appendingPathComponent("orders/1/2"))
            #expect(deep.statusCode == 404)
        }
    }

    @Test("X-Request-ID: a safe one is echoed, an unsafe or missing one replaced by a new one, on errors too")
    func requestID() async throws {
        try await ServerHarness.with(inMemoryServer()) { base in
            let health = base.appendingPathComponent("health")
            let (kept, _) = try await exchange("GET", health, headers: ["X-Request-ID": "abc-123_x.y:z/1"])
            #expect(kept.value(forHTTPHeaderField: "X-Request-ID") == "abc-123_x.y:z/1")

            for unsafe in [String(repeating: "a", count: 129), "has space", "quote\"d", "é"] {
                let (replaced, _) = try await exchange("GET", health, headers: ["X-Request-ID": unsafe])
                let id = try #require(replaced.value(forHTTPHeaderField: "X-Request-ID"))
                #expect(id != unsafe && UUID(uuidString: id) != nil, "\(unsafe)")
            }
            let (first, _) = try await exchange("GET", health)
            let (second, _) = try await exchange("GET", health)
            let ids = [first, second].compactMap { $0.value(forHTTPHeaderField: "X-Request-ID") }
            #expect(ids.count == 2 && ids[0] != ids[1])

            let (missing, _) = try await exchange(
                "GET", base.appendingPathComponent("orders/ffff"), headers: ["X-Request-ID": "req-404"])
            #expect(missing.statusCode == 404 && missing.value(forHTTPHeaderField: "X-Request-ID") == "req-404")
            let (wrong, _) = try await exchange("PUT", health, headers: ["X-Request-ID": "req-405"])
            #expect(wrong.statusCode == 405 && wrong.value(forHTTPHeaderField: "X-Request-ID") == "req-405")
        }
    }

    @Test("the OpenAPI document has exactly the router's routes and methods, and is served as it is")
    func openAPIMatchesRoutes() async throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(CoffeeOpenAPI.document.utf8)) as? [String: Any])
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let operations = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        var documented = Set<String>()
        for (path, item) in paths {
            for method in item.keys where operations.contains(method) {
                documented.insert("\(method.uppercased()) \(path)")
            }
        }
        let routes = routerRoutes()
        #expect(routes.subtracting(documented).isEmpty, "routes missing from the document")
        #expect(documented.subtracting(routes).isEmpty, "documented operations with no route")
        #expect(routes.count == documented.count)

        // Staff routes carry bearerAuth; POST /orders the optional Idempotency-Key.
        let staff = ["GET /orders", "PATCH /orders/{id}", "DELETE /orders/{id}"]
        for operation in documented {
            let parts = operation.split(separator: " ")
            let item = try #require(paths[String(parts[1])]?[parts[0].lowercased()] as? [String: Any])
            let security = item["security"] as? [[String: [String]]]
            #expect((security?.first?["bearerAuth"] != nil) == staff.contains(operation), "\(operation)")
        }
        // The web guard's answers, which come before any route: 408, 421 and 431 on every operation,
        // 403 (cross-site) on every unsafe one, 413 and 415 on every one that takes a body.
        for operation in documented {
            let parts = operation.split(separator: " ")
            let item = try #require(paths[String(parts[1])]?[parts[0].lowercased()] as? [String: Any])
            let statuses = Set((item["responses"] as? [String: Any] ?? [:]).keys)
            #expect(statuses.isSuperset(of: ["408", "421", "431"]), "\(operation): \(statuses.sorted())")
            if parts[0] != "GET" { #expect(statuses.contains("403"), "\(operation): \(statuses.sorted())") }
            if item["requestBody"] != nil {
                #expect(statuses.isSuperset(of: ["413", "415"]), "\(operation): \(statuses.sorted())")
            }
        }
        let post = try #require(paths["/orders"]?["post"] as? [String: Any])
        let parameters = try #require(post["parameters"] as? [[String: Any]])
        #expect(parameters.contains { $0["name"] as? String == "Idempotency-Key" && $0["in"] as? String == "header" })

        try await ServerHarness.with(inMemoryServer()) { base in
            let (response, body) = try await exchange("GET", base.appendingPathComponent("openapi.json"))
            #expect(response.statusCode == 200)
            #expect(String(decoding: body, as: UTF8.self) == CoffeeOpenAPI.document)
        }
    }

    @Test("a feature's problem carries exactly the members the OpenAPI document's Problem schema lists")
    func problemMatchesSchema() async throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(CoffeeOpenAPI.document.utf8)) as? [String: Any])
        let schema = try #require(
            ((document["components"] as? [String: Any])?["schemas"] as? [String: Any])?["Problem"] as? [String: Any])
        let documented = Set(try #require(schema["properties"] as? [String: Any]).keys)
        try await ServerHarness.with(inMemoryServer()) { base in
            // An empty customer and no size: a problem with every member, field, code, failure and errors included.
            let nameless = try await ServerHarness.send(
                "POST", base.appendingPathComponent("orders"), body: Data(#"{"customer":"","coffee":"latte"}"#.utf8))
            let members = try #require(try JSONSerialization.jsonObject(with: nameless.body) as? [String: Any]).keys
            #expect(Set(members) == documented)
        }
    }

    @Test("an id prefix that several orders share is 409 (the stored orders make it ambiguous), not 400")
    func ambiguousPrefix() async throws {
        try await ServerHarness.with(inMemoryServer()) { base in
            let orders = base.appendingPathComponent("orders")
            var firstDigits: [Character: Int] = [:]
            // 17 orders over 16 hex digits: at least two share their first digit.
            for index in 0..<17 {
                let placed = try await ServerHarness.send(
                    "POST", orders, body: Data(#"{"customer":"C\#(index)","coffee":"latte","size":"small"}"#.utf8))
                let id = try #require(
                    (try JSONSerialization.jsonObject(with: placed.body) as? [String: Any])?["id"] as? String)
                firstDigits[try #require(id.first), default: 0] += 1
            }
            let shared = try #require(firstDigits.first { $0.value > 1 }?.key)
            let (response, body) = try await exchange("GET", orders.appendingPathComponent(String(shared)))
            #expect(response.statusCode == 409)
            let problem = try JSONDecoder().decode(ErrorBody.self, from: body)
            #expect(problem.code == "ambiguousID" && problem.kind == .usage && problem.field == "id")
        }
    }
}
