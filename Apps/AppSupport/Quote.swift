/// Input quoted in a message, cut to a readable length: an error line never repeats a 50 MB argument.
public enum Quote {
    /// The longest piece of input a message repeats, in characters.
    public static let limit = 100

    /// `text` as it is when short, else its first `limit` characters and `…`.
    public static func text(_ text: String, limit: Int = Quote.limit) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }

    /// `text` between single quotes, cut like `text(_:)`.
    public static func quoted(_ text: String, limit: Int = Quote.limit) -> String {
        "'\(Self.text(text, limit: limit))'"
    }

    /// A file path, cut in the middle so both its start and its file name stay readable.
    public static func path(_ path: String, limit: Int = Quote.limit) -> String {
        guard path.count > limit else { return path }
        let half = (limit - 1) / 2
        return String(path.prefix(half)) + "…" + String(path.suffix(half))
    }
}
