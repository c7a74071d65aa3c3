import Core
import Foundation

/// The JSON shape of an order, the same on the wire and in the app's JSON output:
/// a lower-case id, integer cents and ISO 8601 times with milliseconds.
extension Order: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, customer, coffee, size, status, totalCents, createdAt, updatedAt
    }

    /// Decodes an order, reading times with or without fractional seconds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let idText = try container.decode(String.self, forKey: .id)
        guard let uuid = UUID(uuidString: idText) else {
            throw DecodingError.dataCorruptedError(
                forKey: .id, in: container, debugDescription: "not a UUID: \(idText)")
        }
        self.init(
            id: ID(uuid),
            customer: try container.decode(String.self, forKey: .customer),
            coffee: try container.decode(String.self, forKey: .coffee),
            size: try container.decode(Size.self, forKey: .size),
            totalCents: try container.decode(Int.self, forKey: .totalCents),
            status: try container.decode(OrderStatus.self, forKey: .status),
            createdAt: try Self.decodeDate(container, .createdAt),
            updatedAt: try Self.decodeDate(container, .updatedAt))
    }

    /// Encodes the order in its JSON shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(idString, forKey: .id)
        try container.encode(customer, forKey: .customer)
        try container.encode(coffee, forKey: .coffee)
        try container.encode(size, forKey: .size)
        try container.encode(status, forKey: .status)
        try container.encode(totalCents, forKey: .totalCents)
        try container.encode(Timestamp.format(createdAt), forKey: .createdAt)
        try container.encode(Timestamp.format(updatedAt), forKey: .updatedAt)
    }

    private static func decodeDate(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Date {
        let text = try container.decode(String.self, forKey: key)
        guard let date = Timestamp.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "not an ISO 8601 time: \(text)")
        }
        return date
    }
}

/// ISO 8601 times in UTC with milliseconds, such as `2026-03-14T09:26:53.589Z`.
public enum Timestamp {
    /// `date` as ISO 8601 with milliseconds, written from integer milliseconds.
    ///
    /// Integer arithmetic, not a formatter: a formatter's floating point may write `.122` for a
    /// date stored as 123 ms (and the order would not read back equal), and it is slow enough to
    /// dominate encoding a list of orders.
    public static func format(_ date: Date) -> String {
        let milliseconds = date.millisecondsSince1970
        let seconds = floorDivision(milliseconds, 1000)
        let days = floorDivision(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        return
            "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3_600, 2)):\(pad(secondOfDay / 60 % 60, 2)):"
            + "\(pad(secondOfDay % 60, 2)).\(pad(milliseconds - seconds * 1000, 3))Z"
    }

    /// Year, month and day of the proleptic Gregorian calendar `days` after 1970-01-01
    /// (Howard Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468
        let era = floorDivision(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : (value - divisor + 1) / divisor
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Reads ISO 8601 with or without fractional seconds.
    public static func parse(_ text: String) -> Date? {
        (try? withFraction.parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text))
    }

    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
