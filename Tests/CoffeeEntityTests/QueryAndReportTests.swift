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
            createdBefore: Date(millisecondsSince1970: 90_000_000), sort: .total,
            after: try OrderCursor(parsing: "1700000000123_450_0f8fad5b-d9cb-469f-a165-70867728950e"), limit: 25)
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
        for size in ["0", "1001", "-1", "ten", ""] {
            #expect(throws: CoffeeError.notAPageSize(text: size, maximum: 1000)) {
                try OrderQueryParameters.query(from: [("limit", size)])
            }
        }
        for cursor in ["", "12_3", "12_3_not-an-id", "x_3_0f8fad5b-d9cb-469f-a165-70867728950e", "1_2_3_4"] {
            #expect(throws: CoffeeError.notACursor(text: cursor)) {
                try OrderQueryParameters.query(from: [("after", cursor)])
            }
        }
    }

    @Test("a page starts after its cursor in the query's sort and holds at most its limit")
    func paging() throws {
        let orders = (1...5).map { number in
            Order(
                id: .init(UUID(uuidString: "0000000\(number)-0000-4000-8000-000000000000") ?? UUID()), customer: "Ada",
                coffee: "Latte", size: .medium, totalCents: number % 2 == 0 ? 400 : 300, status: .placed,
                createdAt: Date(timeIntervalSince1970: Double(number)),
                updatedAt: Date(timeIntervalSince1970: Double(number)))
        }
        #expect(OrderQuery(limit: 2).apply(to: orders).map(\.createdAt.timeIntervalSince1970) == [1, 2])
        let afterSecond = OrderCursor(after: orders[1])
        #expect(OrderQuery(after: afterSecond).apply(to: orders).map(\.createdAt.timeIntervalSince1970) == [3, 4, 5])
        // By total, dearest first: 2 and 4 (400), then 1, 3, 5 (300); after 4 comes 1.
        let byTotal = OrderQuery(sort: .total, after: OrderCursor(after: orders[3]), limit: 2).apply(to: orders)
        #expect(byTotal.map(\.createdAt.timeIntervalSince1970) == [1, 3])
        #expect(try OrderCursor(parsing: afterSecond.text) == afterSecond)
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
