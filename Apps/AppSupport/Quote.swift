/// Input quoted in a message, cut to a readable length: an error line never repeats a 50 MB argument.
///
/// Control characters are shown, not sent: an Escape typed into `memorize` or passed in an
/// argument would otherwise reach the terminal as the start of a command (`^[`, as `cat -v` shows it).
public enum Quote {
    /// The longest piece of input a message repeats, in characters.
    public static let limit = 100

    /// `text` as it is when short, else its first `limit` characters and `…`; control characters made visible.
    public static func text(_ text: String, limit: Int = Quote.limit) -> String {
        let cut = text.count > limit ? String(text.prefix(limit)) + "…" : text
        return visible(cut)
    }

    /// `text` with C0 controls as `^X` (`^[` for Escape), DEL as `^?` and C1 controls as `\u{85}`.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0..<0x20: shown += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            case 0x7F: shown += "^?"
            case 0x80..<0xA0: shown += "\\u{\(String(scalar.value, radix: 16))}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }

    /// `text` between single quotes, cut like `text(_:)`.
    public static func quoted(_ text: String, limit: Int = Quote.limit) -> String {
        "'\(Self.text(text, limit: limit))'"
    }

    /// A file path, cut in the middle so both its start and its file name stay readable.
    public static func path(_ path: String, limit: Int = Quote.limit) -> String {
        guard path.count > limit else { return visible(path) }
        let half = (limit - 1) / 2
        return visible(String(path.prefix(half)) + "…" + String(path.suffix(half)))
    }
}
