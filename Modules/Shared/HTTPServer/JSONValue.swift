import Foundation

/// Any JSON value: what an error body's `failure` holds, whatever the feature's error type.
///
/// Integers are kept apart from other numbers so they read back exactly.
public enum JSONValue: Codable, Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fraction that fits 64 bits.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// `value` as JSON, the way `JSONEncoder` writes it.
    public init(encoding value: some Encodable) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(value))
    }

    /// This value with every string (and object key) longer than `limit` characters cut, an ellipsis marking the cut.
    public func cuttingStrings(to limit: Int) -> JSONValue {
        func cut(_ text: String) -> String { text.count > limit ? String(text.prefix(limit)) + "…" : text }
        return switch self {
        case .string(let text): .string(cut(text))
        case .array(let values): .array(values.map { $0.cuttingStrings(to: limit) })
        case .object(let members):
            .object(
                Dictionary(members.map { (cut($0.key), $0.value.cuttingStrings(to: limit)) }) { first, _ in first })
        default: self
        }
    }

    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Writes the value as it was read.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
