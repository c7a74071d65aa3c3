import Core

/// A theme of the emoji game: a name, the emoji its cards may show, how many pairs to deal, and a colour.
public struct Theme: Equatable, Hashable, Sendable {
    /// The fewest pairs a game can have: with one pair there is nothing to remember.
    public static let minimumPairs = 2

    /// The theme's name, such as `Animals`; matched case-insensitively.
    public let name: String
    /// The distinct emoji cards may show, in the order given.
    public let contents: [String]
    /// How many pairs a game of this theme deals unless told otherwise.
    public let pairs: Int
    /// The colour card backs are drawn in.
    public let color: ThemeColor

    /// Creates a theme, checking its rules; repeated emoji count once.
    ///
    /// - Throws: `MemorizeError` (`blankThemeName`, `notOneEmoji`, `tooFewEmoji`, `tooFewPairs`,
    ///   `tooManyPairs`) naming the theme.
    public init(name: String, contents: [String], pairs: Int, color: ThemeColor) throws {
        let trimmed = name.trimmingWhitespace
        guard !trimmed.isEmpty else { throw MemorizeError.blankThemeName }
        var distinct: [String] = []
        for content in contents {
            guard content.count == 1, let character = content.first, !character.isWhitespace else {
                throw MemorizeError.notOneEmoji(theme: trimmed, emoji: content)
            }
            if !distinct.contains(content) { distinct.append(content) }
        }
        try Self.check(pairs: pairs, distinct: distinct.count, theme: trimmed)
        self.name = trimmed
        self.contents = distinct
        self.pairs = pairs
        self.color = color
    }

    /// The number of pairs to deal: `requested` when given and allowed, else the theme's own.
    ///
    /// - Throws: `MemorizeError.tooFewPairs` or `.tooManyPairs` with the pairs the theme allows.
    public func pairs(requested: Int?) throws -> Int {
        guard let requested else { return pairs }
        try Self.check(pairs: requested, distinct: contents.count, theme: name)
        return requested
    }

    /// Whether `text` names this theme, ignoring case and surrounding spaces.
    public func isNamed(_ text: String) -> Bool {
        name.lowercased() == text.trimmingWhitespace.lowercased()
    }

    private static func check(pairs: Int, distinct: Int, theme: String) throws {
        guard distinct >= minimumPairs else { throw MemorizeError.tooFewEmoji(theme: theme, distinct: distinct) }
        if pairs < minimumPairs {
            throw MemorizeError.tooFewPairs(theme: theme, pairs: pairs, allowed: minimumPairs...distinct)
        }
        if pairs > distinct {
            throw MemorizeError.tooManyPairs(theme: theme, pairs: pairs, allowed: minimumPairs...distinct)
        }
    }
}

extension String {
    /// The string without leading and trailing whitespace (Foundation-free, as Entity depends on Core only).
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
