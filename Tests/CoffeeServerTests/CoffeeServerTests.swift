import CoffeeEntity
import CoffeeServer
import Core
import Foundation
import HTTPServer
import Testing

@Suite("Coffee server routes")
struct CoffeeServerTests {
    func error(_ data: Data) throws -> ErrorBody { try JSONDecoder().decode(ErrorBody.self, from: data) }

    @Test("health, menu, and an order placed, listed, shown, advanced and deleted")
    func happyPath() async throws {
        try await ServerHarness.with(inMemoryServer()) { base in
            #expect(try await ServerHarness.send("GET", base.appendingPathComponent("health")).status == 200)
            let menu = try await ServerHarness.send("GET", base.appendingPathComponent("menu"))
            #expect(try JSONDecoder().decode(Menu.self, from: menu.body) == .standard)

            let placed = try await ServerHarness.send(
                "POST", base.appendingPathComponent("orders"),
                body: Data(#"{"customer":"Ada","coffee":"latte","size":"medium"}"#.utf8))
            #expect(placed.status == 201)
            let order = try JSONDecoder().decode(Order.self, from: placed.body)
            #expect(order.totalCents == 450)

            let list = try await ServerHarness.send(
                "GET", try #require(URL(string: base.absoluteString + "/orders?status=placed&sort=total")))
            #expect(list.status == 200)
            #expect(String(decoding: list.body, as: UTF8.self).contains(order.idString))

            let shown = try await ServerHarness.send("GET", base.appendingPathComponent("orders/\(order.shortID)"))
            #expect(try JSONDecoder().decode(Order.self, from: shown.body) == order)

            let advanced = try await ServerHarness.send(
                "PATCH", base.appendingPathComponent("orders/\(order.idString)"),
                body: Data(#"{"action":"advance"}"#.utf8))
            #expect(try JSONDecoder().decode(Order.self, from: advanced.body).status == .preparing)

            let deleted = try await ServerHarness.send(
                "DELETE", base.appendingPathComponent("orders/\(order.idString)"))
            #expect(deleted.status == 200)
            #expect(
                try await ServerHarness.send("GET", base.appendingPathComponent("orders/\(order.idString)")).status
                    == 404)
        }
    }

    @Test("GET /orders answers a page at a time: `next` is where the next page starts, absent on the last")
    func pages() async throws {
        struct Page: Decodable {
            let orders: [Order]
            let next: String?
        }
        try await ServerHarness.with(inMemoryServer()) { base in
            for name in ["Ada", "Bo", "Cy", "Di", "Ed"] {
                let answer = try await ServerHarness.send(
                    "POST", base.appendingPathComponent("orders"),
                    body: Data(#"{"customer":"\#(name)","coffee":"latte","size":"small"}"#.utf8))
                #expect(answer.status == 201)
            }
            let whole = try await ServerHarness.send("GET", try #require(URL(string: "\(base)/orders")))
            let placed = try JSONDecoder().decode(Page.self, from: whole.body).orders.map(\.idString)
            #expect(placed.count == 5)
            var listed: [String] = []
            var query = "limit=2"
            var pages = 0
            while true {
                let answer = try await ServerHarness.send("GET", try #require(URL(string: "\(base)/orders?\(query)")))
                #expect(answer.status == 200)
                let page = try JSONDecoder().decode(Page.self, from: answer.body)
                listed += page.orders.map(\.idString)
                pages += 1
                guard let next = page.next else { break }
                #expect(page.orders.count == 2)
                query = "limit=2&after=\(next)"
            }
            #expect(pages == 3)
            #expect(listed == placed)

            for (query, field) in [("limit=0", "limit"), ("limit=1001", "limit"), ("after=yesterday", "after")] {
                let refused = try await ServerHarness.send("GET", try #require(URL(string: "\(base)/orders?\(query)")))
                #expect(refused.status == 422, "\(query)")
                #expect(try error(refused.body).field == field)
            }
        }
    }

    @Test("each kind of bad request gets its status and a JSON error naming the field to fix")
    func errors() async throws {
        try await ServerHarness.with(inMemoryServer()) { base in
            let orders = base.appendingPathComponent("orders")
            let malformed = try await ServerHarness.send("POST", orders, body: Data("{not json".utf8))
            #expect(malformed.status == 400)
            #expect(try error(malformed.body).kind == .badData)

            let broken = try await ServerHarness.send(
                "POST", orders, body: Data(#"{"customer":"Ada","coffee":"tea","size":"small"}"#.utf8))
            #expect(broken.status == 422)
            #expect(try error(broken.body).detail.hasPrefix("'tea' is not on the menu"))
            #expect(try error(broken.body).field == "coffee")
            #expect(try error(broken.body).code == "notOnMenu")

            let nameless = try await ServerHarness.send(
                "POST", orders, body: Data(#"{"customer":"","coffee":"latte","size":"small"}"#.utf8))
            #expect(nameless.status == 422)
            let namelessError = try error(nameless.body)
            #expect(namelessError.field == "customer")
            #expect(namelessError.code == "emptyCustomer")
            #expect(
                namelessError.detail == "the field 'customer' is empty; send the customer's name, 1 to 60 characters")
            #expect(!String(decoding: nameless.body, as: UTF8.self).contains("--"))

            let sizeless = try await ServerHarness.send(
                "POST", orders, body: Data(#"{"customer":"Ada","coffee":"latte"}"#.utf8))
            #expect(sizeless.status == 422)
            #expect(try error(sizeless.body).field == "size")

            // Everything wrong at once: each field in `errors`, in the body's order, the first in `field`.
            let empty = try await ServerHarness.send("POST", orders, body: Data(#"{"customer":" "}"#.utf8))
            #expect(empty.status == 422)
            let emptyError = try error(empty.body)
            #expect(emptyError.field == "customer" && emptyError.code == "invalidOrder")
            #expect(emptyError.errors?.map(\.field) == ["customer", "coffee", "size"])
            #expect(emptyError.errors?.first?.detail == namelessError.detail)
            #expect(emptyError.detail.hasPrefix(namelessError.detail + "; the field 'coffee' is missing"))

            let tooBig = try await ServerHarness.send(
                "POST", orders, body: Data(repeating: UInt8(ascii: " "), count: 64 * 1024 + 1))
            #expect(tooBig.status == 413)
            #expect(try error(tooBig.body).detail.contains("64 KiB"))

            let missing = try await ServerHarness.send("GET", orders.appendingPathComponent("abcdef"))
            #expect(missing.status == 404)
            #expect(try error(missing.body).kind == .notFound)
            #expect(try error(missing.body).detail == "no order abcdef; GET /orders lists the order ids")

            #expect(try await ServerHarness.send("GET", base.appendingPathComponent("nothing-here")).status == 404)
            let badFilter = try await ServerHarness.send(
                "GET", try #require(URL(string: orders.absoluteString + "?status=lost")))
            #expect(badFilter.status == 422)
            #expect(try error(badFilter.body).field == "status")

            let placed = try await ServerHarness.send(
                "POST", orders, body: Data(#"{"name":"Bo","coffee":"Mocha","size":"l"}"#.utf8))
            let order = try JSONDecoder().decode(Order.self, from: placed.body)
            let skip = try await ServerHarness.send(
                "PATCH", orders.appendingPathComponent(order.shortID), body: Data(#"{"status":"completed"}"#.utf8))
            #expect(skip.status == 409)
            #expect(
                try error(skip.body).detail == "order \(order.shortID) is placed; it can only move to preparing")
            #expect(try error(skip.body).code == "forbiddenMove")
            let unclear = try await ServerHarness.send(
                "PATCH", orders.appendingPathComponent(order.shortID), body: Data("{}".utf8))
            #expect(unclear.status == 422)

            // None of the bad requests changed anything: the one good order is there, still placed.
            let list = try JSONDecoder().decode(
                [String: [Order]].self, from: try await ServerHarness.send("GET", orders).body)
            #expect(list["orders"] == [order])
        }
    }
}
