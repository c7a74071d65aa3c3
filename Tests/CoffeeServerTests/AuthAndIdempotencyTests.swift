import CoffeeEntity
import CoffeeServer
import Core
import Foundation
import HTTPServer
import Testing

@Suite("Coffee server: staff tokens and idempotency keys")
struct AuthAndIdempotencyTests {
    private static let latte = Data(#"{"customer":"Ada","coffee":"latte","size":"medium"}"#.utf8)

    @Test("every staff route without a token or with an unknown one is 401 with WWW-Authenticate: Bearer")
    func unauthorized() async throws {
        try await ServerHarness.with(inMemoryServer()) { base in
            let placed = try await ServerHarness.send("POST", base.appendingPathComponent("orders"), body: Self.latte)
            let order = try JSONDecoder().decode(Order.self, from: placed.body)
            let routes: [(String, String, Data?)] = [
                ("GET", "orders", nil),
                ("GET", "orders/\(order.shortID)", nil),
                ("PATCH", "orders/\(order.idString)", Data(#"{"action":"advance"}"#.utf8)),
                ("DELETE", "orders/\(order.idString)", nil),
            ]
            for (method, path, body) in routes {
                for token in [nil, "coffee_wrong"] as [String?] {
                    let answer = try await ServerHarness.exchange(
                        method, base.appendingPathComponent(path), body: body, token: token)
                    #expect(answer.status == 401, "\(method) \(path) token \(token ?? "none")")
                    #expect(answer.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
                    let error = try JSONDecoder().decode(ErrorBody.self, from: answer.body)
                    #expect(error.field == "Authorization")
                    // The token sent never comes back in an answer.
                    #expect(!String(decoding: answer.body, as: UTF8.self).contains("coffee_wrong"))
                }
            }
            // Nothing changed.
            let shown = try await ServerHarness.send("GET", base.appendingPathComponent("orders/\(order.idString)"))
            #expect(try JSONDecoder().decode(Order.self, from: shown.body) == order)
        }
    }

    @Test("customers need no token: the menu, placing, and one order by its full id")
    func customerRoutes() async throws {
        try await ServerHarness.with(inMemoryServer()) { base in
            #expect(try await ServerHarness.send("GET", base.appendingPathComponent("menu"), token: nil).status == 200)
            let placed = try await ServerHarness.send(
                "POST", base.appendingPathComponent("orders"), body: Self.latte, token: nil)
            #expect(placed.status == 201)
            let order = try JSONDecoder().decode(Order.self, from: placed.body)
            let shown = try await ServerHarness.send(
                "GET", base.appendingPathComponent("orders/\(order.idString)"), token: nil)
            #expect(shown.status == 200)
            #expect(try JSONDecoder().decode(Order.self, from: shown.body) == order)
            #expect(
                try await ServerHarness.send("GET", base.appendingPathComponent("health"), token: nil).status == 200)
        }
    }

    @Test("a reports token reads the list but may not change an order: 403")
    func roles() async throws {
        try await ServerHarness.with(inMemoryServer()) { base in
            let placed = try await ServerHarness.send("POST", base.appendingPathComponent("orders"), body: Self.latte)
            let order = try JSONDecoder().decode(Order.self, from: placed.body)
            let reports = ServerHarness.reportsToken
            #expect(
                try await ServerHarness.send("GET", base.appendingPathComponent("orders"), token: reports).status == 200
            )
            let advance = try await ServerHarness.send(
                "PATCH", base.appendingPathComponent("orders/\(order.idString)"),
                body: Data(#"{"action":"advance"}"#.utf8), token: reports)
            #expect(advance.status == 403)
            let deleted = try await ServerHarness.send(
                "DELETE", base.appendingPathComponent("orders/\(order.idString)"), token: reports)
            #expect(deleted.status == 403)
        }
    }

    @Test("Idempotency-Key: a repeat gets the first 201 and order, another body 422, a bad key 400")
    func idempotency() async throws {
        try await ServerHarness.with(inMemoryServer()) { base in
            let orders = base.appendingPathComponent("orders")
            let key = ["Idempotency-Key": #""5b0c3c5e-8d4b-4a55-9b0a-1b1b1b1b1b1b""#]
            let first = try await ServerHarness.send("POST", orders, body: Self.latte, token: nil, headers: key)
            let again = try await ServerHarness.send("POST", orders, body: Self.latte, token: nil, headers: key)
            #expect(first.status == 201)
            #expect(again.status == 201)
            #expect(
                try JSONDecoder().decode(Order.self, from: first.body)
                    == JSONDecoder().decode(Order.self, from: again.body))
            // Parameters are ignored: the same key.
            let parameters = ["Idempotency-Key": #""5b0c3c5e-8d4b-4a55-9b0a-1b1b1b1b1b1b";a=1;b"#]
            #expect(
                try await ServerHarness.send("POST", orders, body: Self.latte, headers: parameters).body == first.body)
            let other = try await ServerHarness.send(
                "POST", orders, body: Data(#"{"customer":"Bob","coffee":"mocha","size":"small"}"#.utf8), headers: key)
            #expect(other.status == 422)
            #expect(try JSONDecoder().decode(ErrorBody.self, from: other.body).field == "Idempotency-Key")
            let bad = try await ServerHarness.send(
                "POST", orders, body: Self.latte,
                headers: ["Idempotency-Key": "\"" + String(repeating: "k", count: 300) + "\""])
            #expect(bad.status == 400)
            // Without a key every POST places an order.
            _ = try await ServerHarness.send("POST", orders, body: Self.latte)
            let list = try await ServerHarness.send("GET", orders)
            #expect(try JSONDecoder().decode(OrderList.self, from: list.body).orders.count == 2)
        }
    }

    @Test(
        "Idempotency-Key is an RFC 9651 sf-string: escapes unescaped, parameters ignored; bare values and lists are 400",
        arguments: [
            (#""a\"b\\c""#, #"a"b\c"#), (#""abc";a=1"#, "abc"), (#""with space""#, "with space"),
            (#""abc" ; x=?0"#, nil), ("abc", nil), ("5b0c3c5e-8d4b-4a55-9b0a-1b1b1b1b1b1b", nil), (#""x1", "x2""#, nil),
            (#""unterminated"#, nil), (#""a\qb""#, nil), ("?1", nil), ("\"\"", nil),
        ])
    func idempotencyKeySyntax(_ header: String, _ key: String?) async throws {
        try await ServerHarness.with(inMemoryServer()) { base in
            let orders = base.appendingPathComponent("orders")
            let answer = try await ServerHarness.send(
                "POST", orders, body: Self.latte, token: nil, headers: ["Idempotency-Key": header])
            guard let key else {
                #expect(answer.status == 400, "\(header)")
                let problem = try JSONDecoder().decode(ErrorBody.self, from: answer.body)
                #expect(problem.field == "Idempotency-Key")
                return
            }
            #expect(answer.status == 201, "\(header)")
            // The key as read is the unescaped string: sending it in its canonical form replays the order.
            let again = try await ServerHarness.send(
                "POST", orders, body: Self.latte, token: nil,
                headers: ["Idempotency-Key": IdempotentRequest.headerValue(key)])
            #expect(again.status == 201 && again.body == answer.body, "\(header)")
            let list = try await ServerHarness.send("GET", orders)
            #expect(try JSONDecoder().decode(OrderList.self, from: list.body).orders.count == 1)
        }
    }
}

private struct OrderList: Decodable {
    let orders: [Order]
}
