/// How many terminal columns text takes: emoji and East Asian wide characters take two.
///
/// Terminals lay text out by grapheme cluster. A cluster is two columns wide when it is
/// presented as an emoji (by default, or forced by U+FE0F) or starts with a wide or
/// fullwidth East Asian character; zero when it is a control character; one otherwise.
public enum DisplayWidth {
    /// The columns `text` takes.
    public static func of(_ text: some StringProtocol) -> Int {
        // Printable ASCII, most of what a table shows, is a column a byte: no grapheme to read.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The columns one grapheme cluster takes.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.properties.generalCategory == .control || first.properties.generalCategory == .format { return 0 }
        if first.properties.isEmojiPresentation { return 2 }
        // Text-default emoji (❤, ☺) become wide with the emoji variation selector, and flags are two regional indicators.
        if first.properties.isEmoji, scalars.contains("\u{FE0F}") || scalars.count > 1 && isRegionalIndicator(first) {
            return 2
        }
        if isEastAsianWide(first.value) { return 2 }
        return 1
    }

    /// `text` cut to at most `width` columns, ending in `…` when something was cut.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    /// `text` padded with spaces to `width` columns, on the right (leading) or on the left (trailing).
    public static func pad(_ text: String, to width: Int, alignment: Alignment = .leading) -> String {
        let padding = String(repeating: " ", count: max(0, width - of(text)))
        return alignment == .leading ? text + padding : padding + text
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// East Asian Width W and F ranges (Unicode 15, UAX #11), the blocks terminals draw two columns wide.
    private static func isEastAsianWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

/// Which side of a column text sits on.
public enum Alignment: Sendable {
    /// Text starts at the left edge (names, titles).
    case leading
    /// Text ends at the right edge (numbers, money).
    case trailing
}
