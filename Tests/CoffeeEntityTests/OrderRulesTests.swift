import CoffeeEntity
import Core
import Foundation
import Testing

@Suite("Order rules")
struct OrderRulesTests {
    let now = Date(timeIntervalSince1970: 1_773_480_000.1234)

    func place(_ name: String = "Ada", coffee: String = "Latte", size: String = "medium") throws -> Order {
        try Order.place(id: UUID(), customer: name, coffee: coffee, size: size, menu: .standard, at: now)
    }

    @Test("the total comes from the menu, in cents")
    func totalFromMenu() throws {
        #expect(try place(coffee: "Latte", size: "medium").totalCents == 450)
        #expect(try place(coffee: "flat white", size: "L").totalCents == 525)
        #expect(try place(coffee: "  ESPRESSO ", size: "small").totalCents == 300)
    }

    @Test("the coffee is stored as the menu names it")
    func canonicalCoffeeName() throws {
        #expect(try place(coffee: "cold brew").coffee == "Cold Brew")
    }

    @Test("a name is trimmed and must have 1 to 60 characters")
    func nameLength() throws {
        #expect(try place("  Ada  ").customer == "Ada")
        #expect(try place(String(repeating: "é", count: 60)).customer.count == 60)
        for bad in ["", "   ", String(repeating: "x", count: 61), "two\nlines"] {
            #expect(throws: MessageError.self) { try place(bad) }
            do { _ = try place(bad) } catch let error as MessageError { #expect(error.kind == .validation) }
        }
    }

    @Test("a coffee that is not on the menu is refused with the menu listed")
    func unknownCoffee() {
        do {
            _ = try place(coffee: "Tea")
            Issue.record("tea was accepted")
        } catch let error as MessageError {
            #expect(error.kind == .validation)
            #expect(error.message.contains("'Tea' is not on the menu"))
            #expect(error.message.contains("Flat White"))
        } catch { Issue.record("unexpected \(error)") }
    }

    @Test("an unknown size is refused")
    func unknownSize() {
        #expect(throws: MessageError.validation("unknown size 'huge'; use one of small, medium, large")) {
            try place(size: "huge")
        }
    }

    @Test("times are cut to whole milliseconds so they survive storage")
    func millisecondTimes() throws {
        let order = try place()
        #expect(order.createdAt.millisecondsSince1970 == 1_773_480_000_123)
        #expect(Date(millisecondsSince1970: order.createdAt.millisecondsSince1970) == order.createdAt)
    }

    @Test("status moves only forward, one step at a time")
    func forwardOnly() throws {
        var order = try place()
        for expected in [OrderStatus.preparing, .ready, .completed] {
            order = try order.moving(to: try order.nextStatus(), at: now)
            #expect(order.status == expected)
        }
        #expect(throws: MessageError.self) { try order.nextStatus() }
    }

    @Test("every forbidden move is a conflict", arguments: OrderStatus.allCases)
    func forbiddenMoves(from status: OrderStatus) throws {
        let order = Order(
            id: .init(UUID()), customer: "A", coffee: "Latte", size: .small, totalCents: 400,
            status: status, createdAt: now, updatedAt: now)
        for target in OrderStatus.allCases {
            let allowed = target == status.next || (target == .cancelled && (status == .placed || status == .preparing))
            if allowed {
                #expect(try order.moving(to: target, at: now).status == target)
            } else {
                do {
                    _ = try order.moving(to: target, at: now)
                    Issue.record("\(status) -> \(target) was allowed")
                } catch let error as MessageError {
                    #expect(error.kind == .conflict)
                }
            }
        }
    }

    @Test("a cancel after ready says what can be cancelled")
    func cancelMessage() throws {
        let ready = Order(
            id: .init(UUID(uuidString: "12345678-0000-0000-0000-000000000000") ?? UUID()), customer: "A", coffee: "Latte",
            size: .small, totalCents: 400, status: .ready, createdAt: now, updatedAt: now)
        #expect(throws: MessageError.conflict("order 12345678 is ready and cannot be cancelled; only placed or preparing orders can")) {
            try ready.moving(to: .cancelled, at: now)
        }
    }

    @Test("an order round-trips through its JSON shape")
    func jsonRoundTrip() throws {
        let order = try place()
        let data = try JSONEncoder().encode(order)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""totalCents":450"#))
        #expect(text.contains(order.idString))
        #expect(try JSONDecoder().decode(Order.self, from: data) == order)
    }
}
