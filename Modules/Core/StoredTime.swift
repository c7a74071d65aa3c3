import Foundation

// Every feature stores time the same way: whole milliseconds since 1970 (UTC) in an INTEGER
// column. Integers compare and index exactly, survive SQLite, PostgreSQL and JSON unchanged
// (a Double of seconds does not: 0.123 s reads back as 0.12299…), and need no parsing.
extension Date {
    /// Milliseconds since 1970, rounded to the nearest: the unit every feature stores time in.
    public var millisecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    /// The date `milliseconds` after 1970.
    public init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// This date cut down to a whole millisecond, so it survives storage and JSON unchanged.
    public var truncatedToMilliseconds: Date {
        Date(millisecondsSince1970: Int64((timeIntervalSince1970 * 1000).rounded(.down)))
    }

    /// This date on the nearest whole millisecond.
    public var wholeMilliseconds: Date { Date(millisecondsSince1970: millisecondsSince1970) }
}
