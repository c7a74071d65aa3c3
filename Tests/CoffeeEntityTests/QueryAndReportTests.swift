import CoffeeEntity
import Core
import Foundation
import Testing

@Suite("Queries, days and reports")
struct QueryAndReportTests {
    func order(
        _ customer: String, _ coffee: String, _ size: Size, cents: Int, status: OrderStatus = .placed,
        at seconds: Double, id: Int
    )
        -> Order
    {
        let date = Date(timeIntervalSince1970: seconds)
        let uuid = UUID(uuidString: String(format: "%08X-0000-0000-0000-000000000000", id)) ?? UUID()
        return Order(
            id: .init(uuid), customer: customer, coffee: coffee, size: size, totalCents: cents, status: status,
            createdAt: date, updatedAt: date)
    }

    @Test("filters by status, customer (ignoring case) and id prefix; sorts by time or total")
    func filtersAndSorts() {
        let orders = [
            order("Ada", "Latte", .medium, cents: 450, at: 30, id: 0xAB01),
            order("bob", "Mocha", .large, cents: 550, status: .ready, at: 10, id: 0xAB02),
            order("ADA ", "Espresso", .small, cents: 300, at: 20, id: 0xCD03),
        ]
        #expect(OrderQuery().apply(to: orders).map(\.totalCents) == [550, 300, 450])
        #expect(OrderQuery(sort: .total).apply(to: orders).map(\.totalCents) == [550, 450, 300])
        #expect(OrderQuery(customer: "ada").apply(to: orders).count == 2)
        #expect(OrderQuery(status: .ready).apply(to: orders).map(\.customer) == ["bob"])
        #expect(OrderQuery(idPrefix: "0000ab").apply(to: orders).count == 2)
        #expect(
            OrderQuery(createdFrom: Date(timeIntervalSince1970: 20), createdBefore: Date(timeIntervalSince1970: 30))
                .apply(to: orders).map(\.coffee) == ["Espresso"])
    }

    @Test("query parameters read back the query they were written from")
    func parametersRoundTrip() throws {
        let query = OrderQuery(
            status: .preparing, customer: "Ada Lovelace", idPrefix: "ab12",
            createdFrom: Date(millisecondsSince1970: 1_000),
            createdBefore: Date(millisecondsSince1970: 90_000_000), sort: .total)
        let items = OrderQueryParameters.items(of: query)
        let parsed = try OrderQueryParameters.query(from: items.map { ($0.name, $0.value ?? "") })
        #expect(parsed == query)
        #expect(throws: CoffeeError.unknownParameter(name: "colour")) {
            try OrderQueryParameters.query(from: [("colour", "red")])
        }
        #expect(throws: CoffeeError.unknownSort(sort: "price")) {
            try OrderQueryParameters.query(from: [("sort", "price")])
        }
        #expect(throws: CoffeeError.notATime(text: "noon", parameter: "from")) {
            try OrderQueryParameters.query(from: [("from", "noon")])
        }
        #expect(throws: CoffeeError.unknownStatus(status: "lost")) {
            try OrderQueryParameters.query(from: [("status", "lost")])
        }
    }

    @Test("an id prefix is hex and dashes only")
    func idPrefix() throws {
        #expect(try IDPrefix.validate(" AB12 ") == "ab12")
        for bad in ["", "xyz", "ab 12", String(repeating: "a", count: 37), "a%"] {
            #expect(throws: CoffeeError.notAnOrderID(text: bad)) { try IDPrefix.validate(bad) }
        }
    }

    @Test("a day is YYYY-MM-DD and runs midnight to midnight")
    func days() throws {
        let day = try Day(parsing: "2024-02-29")
        #expect(day.description == "2024-02-29")
        let utc = TimeZone(identifier: "UTC") ?? .current
        #expect(day.interval(in: utc).duration == 86_400)
        #expect(Day(containing: day.interval(in: utc).start.addingTimeInterval(3_600), in: utc) == day)
        for bad in ["2023-02-29", "2024-13-01", "24-01-01", "2024/01/01", "today"] {
            #expect(throws: CoffeeError.notADate(text: bad)) { try Day(parsing: bad) }
        }
    }

    @Test("a report counts cups and revenue per coffee and size, leaving cancelled orders out")
    func report() throws {
        let orders = [
            order("A", "Latte", .medium, cents: 450, at: 1, id: 1),
            order("B", "Latte", .medium, cents: 450, at: 2, id: 2),
            order("C", "Latte", .small, cents: 400, at: 3, id: 3),
            order("D", "Espresso", .large, cents: 400, status: .completed, at: 4, id: 4),
            order("E", "Mocha", .large, cents: 550, status: .cancelled, at: 5, id: 5),
        ]
        let report = DailyReport(day: try Day(parsing: "2026-01-01"), orders: orders)
        #expect(
            report.lines.map { "\($0.coffee) \($0.size.rawValue) \($0.count) \($0.revenueCents)" } == [
                "Espresso large 1 400", "Latte small 1 400", "Latte medium 2 900",
            ])
        #expect(report.totalCount == 4)
        #expect(report.totalRevenueCents == 1_700)
    }
}

@Suite("Timestamps")
struct TimestampTests {
    @Test(
        "times are written like ISO 8601 with milliseconds and read back to the same millisecond",
        arguments: [
            Int64(0), 1_709_164_800_000, 1_709_251_199_999, 951_782_400_001, 4_102_444_800_000, 1_773_480_605_123,
            946_684_799_999,
        ])
    func format(milliseconds: Int64) throws {
        let date = Date(millisecondsSince1970: milliseconds)
        let text = Timestamp.format(date)
        let reference = Date(millisecondsSince1970: milliseconds - milliseconds % 1000)
            .formatted(Date.ISO8601FormatStyle()).dropLast()
        #expect(text == reference + "." + String(format: "%03d", Int(milliseconds % 1000)) + "Z")
        #expect(try #require(Timestamp.parse(text)).millisecondsSince1970 == milliseconds)
    }
}
