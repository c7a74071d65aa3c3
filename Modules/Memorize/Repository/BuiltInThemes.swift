import MemorizeEntity

/// The themes every copy of the game has, after CS193p's assignment (vehicles, Halloween, …).
///
/// Every emoji here is drawn two columns wide by default (Emoji_Presentation, no variation
/// selector), so the grid stays aligned in any modern terminal.
public enum BuiltInThemes {
    /// The built-in themes, in the order theme lists show them.
    public static let all: [Theme] = definitions.compactMap { name, emoji, pairs, color in
        // Every definition is checked by a test, so a bad one fails CI rather than vanishing quietly.
        try? Theme(name: name, contents: emoji.map(String.init), pairs: pairs, color: color)
    }

    /// Names, emoji, pairs and colours of the built-in themes, before validation.
    static let definitions: [(name: String, emoji: String, pairs: Int, color: ThemeColor)] = [
        ("Animals", "🐶🐱🐭🐹🐰🦊🐻🐼🐨🐯🦁🐮", 8, color("orange")),
        ("Vehicles", "🚗🚕🚙🚌🚎🚓🚑🚒🚐🚚🚛🚜🚲🛵🚀", 8, color("red")),
        ("Halloween", "👻🎃🦇🧛🧟🍬🍭💀🧙🌙🔮🐈", 6, color("purple")),
        ("Food", "🍎🍌🍇🍓🍒🍑🍍🥝🥑🍕🍔🌮🍩🍪", 10, color("green")),
        ("Sports", "⚽🏀🏈⚾🎾🏐🏉🎱🏓🏸🥊⛳", 8, color("blue")),
        ("Faces", "😀😂😍😎🤔😴😭😡🤯🥳😱🤠", 12, color("yellow")),
        ("Nature", "🌞🌈🌵🌸🍀🍄🌊🔥⭐🌻🌴🐝", 8, color("teal")),
    ]

    /// The number of built-in definitions, to check that none failed validation.
    public static var definitionCount: Int { definitions.count }

    private static func color(_ name: String) -> ThemeColor {
        ThemeColor.named.first { $0.name == name } ?? ThemeColor(name: name, red: 0x80, green: 0x80, blue: 0x80)
    }
}
