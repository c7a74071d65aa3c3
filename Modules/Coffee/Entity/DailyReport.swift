import Core
import Foundation

/// A calendar day written `YYYY-MM-DD`, read in a time zone to get its start and end.
public struct Day: Sendable, Equatable, CustomStringConvertible {
    /// The year, such as 2026.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 31.
    public let day: Int

    /// Reads `YYYY-MM-DD`.
    ///
    /// - Throws: `CoffeeError.notADate` for anything else, or a date that does not exist.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...Day.daysIn(month: month, year: year)).contains(day)
        else {
            throw CoffeeError.notADate(text: text)
        }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// The day `date` falls on in `timeZone`.
    public init(containing date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        (year, month, day) = (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    /// From midnight to the next midnight in `timeZone`.
    public func interval(in timeZone: TimeZone) -> DateInterval {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let start =
            calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? Date(timeIntervalSince1970: 0)
        let end = calendar.date(byAdding: .day, value: 1, to: start) ?? start.addingTimeInterval(86_400)
        return DateInterval(start: start, end: end)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// What one day sold: the number of cups and the revenue per coffee and size.
///
/// Cancelled orders are left out: they were never paid for.
public struct DailyReport: Sendable, Equatable {
    /// One coffee in one size.
    public struct Line: Sendable, Equatable {
        /// The coffee.
        public let coffee: String
        /// The size.
        public let size: Size
        /// How many were ordered.
        public let count: Int
        /// What they brought in, in cents.
        public let revenueCents: Int
    }

    /// The day reported on.
    public let day: Day
    /// One line per coffee and size sold, by coffee name, then size.
    public let lines: [Line]

    /// Sums `orders` (those of the day) by coffee and size, leaving cancelled ones out.
    public init(day: Day, orders: [Order]) {
        self.day = day
        var sums: [String: [Size: (count: Int, cents: Int)]] = [:]
        for order in orders where order.status != .cancelled {
            let current = sums[order.coffee, default: [:]][order.size] ?? (0, 0)
            sums[order.coffee, default: [:]][order.size] = (current.count + 1, current.cents + order.totalCents)
        }
        lines = sums.keys.sorted().flatMap { coffee in
            (sums[coffee] ?? [:]).sorted { $0.key < $1.key }.map { size, sum in
                Line(coffee: coffee, size: size, count: sum.count, revenueCents: sum.cents)
            }
        }
    }

    /// Cups sold in all.
    public var totalCount: Int { lines.reduce(0) { $0 + $1.count } }
    /// Revenue in all, in cents.
    public var totalRevenueCents: Int { lines.reduce(0) { $0 + $1.revenueCents } }
}
