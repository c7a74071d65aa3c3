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
        let cases: [(String, CoffeeError)] = [
            ("", .emptyCustomer), ("   ", .emptyCustomer),
            (String(repeating: "x", count: 61), .customerTooLong(length: 61, limit: 60)),
            ("two\nlines", .customerNotOneLine),
        ]
        for (bad, error) in cases {
            #expect(throws: error) { try place(bad) }
            #expect(error.kind == .validation)
        }
    }

    @Test("a coffee that is not on the menu is refused with the menu listed")
    func unknownCoffee() {
        #expect(throws: CoffeeError.notOnMenu(coffee: "Tea", menu: Menu.standard.items.map(\.name))) {
            try place(coffee: "Tea")
        }
        #expect(Menu.standard.items.map(\.name).contains("Flat White"))
        #expect(throws: CoffeeError.missingCoffee) { try place(coffee: " ") }
        #expect(CoffeeError.notOnMenu(coffee: "Tea", menu: []).kind == .validation)
    }

    @Test("an unknown or missing size is refused")
    func unknownSize() {
        #expect(throws: CoffeeError.unknownSize(size: "huge")) { try place(size: "huge") }
        #expect(throws: CoffeeError.missingSize) { try place(size: "") }
    }

    @Test("every broken rule is reported at once, in the form's order; a single one is itself")
    func everyProblem() {
        #expect(throws: CoffeeError.invalidOrder(problems: [.emptyCustomer, .missingCoffee, .missingSize])) {
            try place(" ", coffee: "", size: "")
        }
        #expect(
            throws: CoffeeError.invalidOrder(problems: [
                .notOnMenu(coffee: "Tea", menu: Menu.standard.items.map(\.name)), .unknownSize(size: "huge"),
            ])
        ) { try place(coffee: "Tea", size: "huge") }
        #expect(throws: CoffeeError.customerNotOneLine) { try place("A\u{7}") }
        #expect(CoffeeError.invalidOrder(problems: [.missingSize, .missingCoffee]).kind == .validation)
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
        #expect(throws: CoffeeError.orderIsFinal(order: order.shortID, status: .completed)) { try order.nextStatus() }
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
                let error = CoffeeError.forbiddenMove(order: order.shortID, from: status, to: target)
                #expect(throws: error) { try order.moving(to: target, at: now) }
                #expect(error.kind == .conflict)
            }
        }
    }

    @Test("a cancel after ready names the order and both statuses")
    func cancelAfterReady() throws {
        let ready = Order(
            id: .init(UUID(uuidString: "12345678-0000-0000-0000-000000000000") ?? UUID()), customer: "A",
            coffee: "Latte",
            size: .small, totalCents: 400, status: .ready, createdAt: now, updatedAt: now)
        #expect(throws: CoffeeError.forbiddenMove(order: "12345678", from: .ready, to: .cancelled)) {
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

    @Test("an error crosses JSON as the same case, with its values named")
    func errorRoundTrip() throws {
        let errors: [CoffeeError] = [
            .emptyCustomer, .notOnMenu(coffee: "Tea", menu: ["Latte"]),
            .ambiguousID(prefix: "ab", matches: ["ab1", "ab2"]),
            .forbiddenMove(order: "12345678", from: .ready, to: .cancelled),
            .serverFailed(kind: .storage, message: "locked"),
            .invalidOrder(problems: [.emptyCustomer, .unknownSize(size: "huge")]),
        ]
        for error in errors {
            #expect(try JSONDecoder().decode(CoffeeError.self, from: try JSONEncoder().encode(error)) == error)
        }
        let text = String(decoding: try JSONEncoder().encode(CoffeeError.unknownSize(size: "huge")), as: UTF8.self)
        #expect(text == #"{"unknownSize":{"size":"huge"}}"#)
    }
}
