import Core
import Foundation

/// A 24-bit sRGB colour, written `#RRGGBB`, that knows the CSS named colour nearest to it.
public struct RGBColor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The red channel.
    public let red: UInt8
    /// The green channel.
    public let green: UInt8
    /// The blue channel.
    public let blue: UInt8

    /// Creates a colour from its three channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#RRGGBB` or `RRGGBB` (any case); `nil` for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// A uniformly random colour: 24 bits of one draw, so a seeded source gives the same colours.
    public static func random(using source: RandomSource) -> RGBColor {
        let bits = source.next()
        return RGBColor(red: UInt8(bits >> 16 & 0xFF), green: UInt8(bits >> 8 & 0xFF), blue: UInt8(bits & 0xFF))
    }

    /// `#RRGGBB` in capitals.
    public var hex: String {
        "#" + [red, green, blue].map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
    }

    /// The CSS named colour nearest to this one (CIE76 distance in CIELAB).
    public var nearestName: String { CSSColor.nearest(to: self).name }

    /// `#RRGGBB`.
    public var description: String { hex }

    /// Decodes `"#RRGGBB"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = RGBColor(hex: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a #RRGGBB colour: \(text)")
        }
        self = color
    }

    /// Encodes as `"#RRGGBB"`, so JSON and the journal stay readable.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
