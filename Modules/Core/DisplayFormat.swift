import Foundation

/// Counts and dates as every feature shows them, the same on every machine: `214,881`,
/// `2024-05-01`, `2024-05-01 13:07`.
///
/// Foundation's format styles with a fixed locale and UTC, never the user's settings. Grouping
/// uses `en_US`: `en_US_POSIX`, the usual fixed locale, writes no separators at all. The styles
/// are built once; each call only formats.
public enum DisplayFormat {
    /// `value` with a comma every three digits: `214,881`, `-1,234`.
    public static func grouped(_ value: Int) -> String { grouping.format(value) }

    /// The day `date` falls on in UTC, as `yyyy-MM-dd`.
    public static func day(_ date: Date) -> String { dayStyle.format(date) }

    /// The minute `date` falls in, in UTC, as `yyyy-MM-dd HH:mm`.
    public static func minute(_ date: Date) -> String { minuteStyle.format(date) }

    private static let grouping = IntegerFormatStyle<Int>(locale: Locale(identifier: "en_US"))

    private static let dayStyle = utc("\(year: .padded(4))-\(month: .twoDigits)-\(day: .twoDigits)")

    private static let minuteStyle = utc(
        """
        \(year: .padded(4))-\(month: .twoDigits)-\(day: .twoDigits) \
        \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)
        """)

    private static func utc(_ format: Date.FormatString) -> Date.VerbatimFormatStyle {
        Date.VerbatimFormatStyle(
            format: format, locale: Locale(identifier: "en_US_POSIX"), timeZone: .gmt,
            calendar: Calendar(identifier: .gregorian))
    }
}
