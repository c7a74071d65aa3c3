import Core

/// A cup size; every coffee on the menu comes in all three.
public enum Size: String, Sendable, Codable, CaseIterable, Comparable {
    /// The smallest cup.
    case small
    /// The middle cup.
    case medium
    /// The biggest cup.
    case large

    /// Reads a size the way people type it: `small`, `Medium`, or the first letter `l`.
    ///
    /// - Throws: `CoffeeError.missingSize` for empty text, `.unknownSize` for other text.
    public init(parsing text: String) throws(CoffeeError) {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !key.isEmpty else { throw CoffeeError.missingSize }
        guard
            let size = Size(rawValue: key)
                ?? Size.allCases.first(where: { key.count == 1 && $0.rawValue.hasPrefix(key) })
        else {
            throw CoffeeError.unknownSize(size: text)
        }
        self = size
    }

    /// Small before medium before large.
    public static func < (lhs: Size, rhs: Size) -> Bool {
        Size.allCases.firstIndex(of: lhs) ?? 0 < Size.allCases.firstIndex(of: rhs) ?? 0
    }
}
