import Core

/// A theme's colour: a name people can type and the 24-bit value terminals draw.
///
/// Written in theme files as a colour name (`orange`) or as `#RRGGBB`.
public struct ThemeColor: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The name shown to people: a known colour's name or the `#RRGGBB` text.
    public let name: String
    /// The red component.
    public let red: UInt8
    /// The green component.
    public let green: UInt8
    /// The blue component.
    public let blue: UInt8

    /// Creates a colour from its parts.
    public init(name: String, red: UInt8, green: UInt8, blue: UInt8) {
        self.name = name
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colours known by name, in the order `themes` lists them.
    public static let named: [ThemeColor] = [
        ThemeColor(name: "red", red: 0xE5, green: 0x3E, blue: 0x3E),
        ThemeColor(name: "orange", red: 0xF2, green: 0x8C, blue: 0x28),
        ThemeColor(name: "yellow", red: 0xE8, green: 0xC5, blue: 0x2A),
        ThemeColor(name: "green", red: 0x3C, green: 0xB3, blue: 0x71),
        ThemeColor(name: "teal", red: 0x2A, green: 0xA1, blue: 0x98),
        ThemeColor(name: "blue", red: 0x3A, green: 0x7B, blue: 0xD5),
        ThemeColor(name: "purple", red: 0x8E, green: 0x5C, blue: 0xD9),
        ThemeColor(name: "pink", red: 0xE8, green: 0x6A, blue: 0xA6),
        ThemeColor(name: "brown", red: 0xA0, green: 0x6A, blue: 0x3C),
        ThemeColor(name: "gray", red: 0x8A, green: 0x8A, blue: 0x8A),
    ]

    /// The colour `text` names: a known name (any case) or `#RRGGBB`.
    ///
    /// - Throws: `MemorizeError.unknownColor` with the names it knows.
    public init(parsing text: String) throws {
        let wanted = text.trimmingWhitespace.lowercased()
        if let known = Self.named.first(where: { $0.name == wanted }) {
            self = known
            return
        }
        let digits = Array(wanted.utf8)
        if digits.count == 7, digits[0] == UInt8(ascii: "#"),
            let value = UInt32(String(wanted.dropFirst()), radix: 16)
        {
            self.init(
                name: wanted, red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF)
            )
            return
        }
        throw MemorizeError.unknownColor(text, known: Self.named.map(\.name))
    }

    /// Decodes the colour from its text form.
    public init(from decoder: any Decoder) throws {
        try self.init(parsing: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the colour as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    /// The colour's name.
    public var description: String { name }
}
