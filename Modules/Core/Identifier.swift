import Foundation
import Synchronization

/// A typed identifier: an `Identifier<Order, UUID>` cannot be passed where an `Identifier<Card, Int>` is expected.
public struct Identifier<Owner, RawValue: Hashable & Sendable>: Hashable, Sendable, RawRepresentable {
    /// The underlying value.
    public let rawValue: RawValue

    /// Wraps a raw value.
    public init(rawValue: RawValue) { self.rawValue = rawValue }

    /// Wraps a raw value.
    public init(_ rawValue: RawValue) { self.rawValue = rawValue }
}

extension Identifier: Codable where RawValue: Codable {
    /// Decodes the raw value alone, so JSON shows `"id": "…"`, not a nested object.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(RawValue.self)
    }

    /// Encodes the raw value alone.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension Identifier: CustomStringConvertible {
    /// The raw value's description.
    public var description: String { String(describing: rawValue) }
}

extension Identifier: Comparable where RawValue: Comparable {
    /// Orders identifiers by their raw values.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Makes new UUIDs, injected so tests get predictable ones.
public struct UUIDGenerator: Sendable {
    private let make: @Sendable () -> UUID

    /// Creates a generator from a function.
    public init(_ make: @escaping @Sendable () -> UUID) { self.make = make }

    /// A new UUID.
    public func callAsFunction() -> UUID { make() }

    /// Random version-4 UUIDs.
    public static let live = UUIDGenerator { UUID() }

    /// 00000000-0000-0000-0000-000000000001, …02, and so on: readable ids for tests.
    public static func incrementing() -> UUIDGenerator {
        let counter = Mutex(0)
        return UUIDGenerator {
            let next = counter.withLock { value in
                value += 1
                return value
            }
            return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", next)) ?? UUID()
        }
    }
}
