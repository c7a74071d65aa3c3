import Core
import MemorizeEntity
import Testing

private let blue = ThemeColor(name: "blue", red: 0, green: 0, blue: 255)

@Suite("Theme and EmojiGame")
struct ThemeTests {
    @Test("a valid theme keeps its distinct emoji in order; repeats count once")
    func valid() throws {
        let theme = try Theme(name: "  Planets ", contents: ["🌍", "🌕", "🌍", "🪐"], pairs: 3, color: blue)
        #expect(theme.name == "Planets")
        #expect(theme.contents == ["🌍", "🌕", "🪐"])
        #expect(theme.isNamed("planets"))
    }

    @Test(
        "pairs must be at least 2 and at most the number of distinct emoji",
        arguments: [
            (1, MemorizeError.tooFewPairs(theme: "Planets", pairs: 1, allowed: 2...3)),
            (4, MemorizeError.tooManyPairs(theme: "Planets", pairs: 4, allowed: 2...3)),
        ])
    func pairsBounds(pairs: Int, error: MemorizeError) {
        #expect(throws: error) {
            try Theme(name: "Planets", contents: ["🌍", "🌕", "🌍", "🪐"], pairs: pairs, color: blue)
        }
        #expect(error.kind == .validation)
    }

    @Test("a blank name, a multi-character emoji or a single distinct emoji are refused")
    func invalid() {
        #expect(throws: MemorizeError.blankThemeName) {
            try Theme(name: " ", contents: ["🌍", "🌕"], pairs: 2, color: blue)
        }
        #expect(throws: MemorizeError.notOneEmoji(theme: "X", emoji: "🌍🌕")) {
            try Theme(name: " X", contents: ["🌍🌕", "🪐"], pairs: 2, color: blue)
        }
        #expect(throws: MemorizeError.notOneEmoji(theme: "X", emoji: "")) {
            try Theme(name: "X", contents: ["", "🪐"], pairs: 2, color: blue)
        }
        #expect(throws: MemorizeError.tooFewEmoji(theme: "X", distinct: 1)) {
            try Theme(name: "X", contents: ["🌍", "🌍"], pairs: 2, color: blue)
        }
    }

    @Test("a requested number of pairs is checked against the theme's emoji")
    func requestedPairs() throws {
        let theme = try Theme(name: "Planets", contents: ["🌍", "🌕", "🪐"], pairs: 2, color: blue)
        #expect(try theme.pairs(requested: nil) == 2)
        #expect(try theme.pairs(requested: 3) == 3)
        #expect(throws: MemorizeError.tooManyPairs(theme: "Planets", pairs: 4, allowed: 2...3)) {
            try theme.pairs(requested: 4)
        }
    }

    @Test("colours parse from names and #RRGGBB; anything else is refused with the names there are")
    func colors() throws {
        #expect(try ThemeColor(parsing: "Orange").name == "orange")
        let custom = try ThemeColor(parsing: "#10a0ff")
        #expect((custom.red, custom.green, custom.blue) == (0x10, 0xA0, 0xFF))
        #expect(throws: MemorizeError.unknownColor("mauve", known: ThemeColor.named.map(\.name))) {
            try ThemeColor(parsing: "mauve")
        }
        #expect(ThemeColor.named.map(\.name).contains("orange"))
    }

    @Test("every error has the kind that picks its exit code")
    func kinds() {
        #expect(MemorizeError.unknownTheme("X", known: []).kind == .notFound)
        #expect(MemorizeError.noCard(3, cardCount: 2).kind == .validation)
        #expect(MemorizeError.notACardNumber("x", cardCount: 2).kind == .usage)
        #expect(MemorizeError.gameNotOver.kind == .conflict)
        #expect(MemorizeError.themesFileMissing(path: "/x").kind == .notFound)
        #expect(MemorizeError.themesFileNotThemes(path: "/x", defect: .notJSON).kind == .badData)
        #expect(MemorizeError.badTheme(path: "/x", position: 1, name: "A", problem: .blankThemeName).kind == .badData)
    }

    @Test("the same seed deals the same game; another seed another one")
    func seededDeal() throws {
        let theme = try Theme(
            name: "Letters", contents: ["A", "B", "C", "D", "E", "F", "G", "H"], pairs: 5, color: blue)
        let first = EmojiGame(theme: theme, pairs: 5, seed: 42, random: .seeded(42))
        let again = EmojiGame(theme: theme, pairs: 5, seed: 42, random: .seeded(42))
        let other = EmojiGame(theme: theme, pairs: 5, seed: 43, random: .seeded(43))
        #expect(first == again)
        #expect(first.game.cards.map(\.content) != other.game.cards.map(\.content))
        #expect(first.pairs == 5 && first.game.cards.count == 10)
        #expect(Set(first.game.cards.map(\.content)).count == 5)
    }
}
