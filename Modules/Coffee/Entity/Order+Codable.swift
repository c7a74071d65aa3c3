import Core
import Foundation

/// The JSON shape of an order, the same on the wire and in `--format json`:
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
            throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "not a UUID: \(idText)")
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
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not an ISO 8601 time: \(text)")
        }
        return date
    }
}

/// ISO 8601 times in UTC with milliseconds, such as `2026-03-14T09:26:53.589Z`.
public enum Timestamp {
    /// `date` as ISO 8601 with milliseconds, the fraction written from integer milliseconds.
    ///
    /// The fraction is not left to the formatter: its floating-point arithmetic may write
    /// `.122` for a date stored as 123 ms, and the order would not read back equal.
    public static func format(_ date: Date) -> String {
        let milliseconds = date.millisecondsSince1970
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let fraction = Int(milliseconds - seconds * 1000)
        let whole = Date(timeIntervalSince1970: Double(seconds)).formatted(Date.ISO8601FormatStyle())
        let digits = String(fraction + 1000).dropFirst()
        return whole.dropLast() + "." + digits + "Z"
    }

    /// Reads ISO 8601 with or without fractional seconds.
    public static func parse(_ text: String) -> Date? {
        (try? withFraction.parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text))
    }

    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
