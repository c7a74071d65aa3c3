import Core
import Foundation
import MemorizeEntity
import MemorizeRepository
import TestSupport
import Testing

@Suite("Themes")
struct ThemeRepositoryTests {
    private func write(_ text: String, in directory: TemporaryDirectory) throws -> URL {
        let url = directory.path("themes.json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("at least six built-in themes, every definition valid, names unique")
    func builtIns() async throws {
        let themes = try await InMemoryThemeRepository().all()
        #expect(themes.count >= 6)
        #expect(themes.count == BuiltInThemes.definitionCount)
        #expect(Set(themes.map { $0.name.lowercased() }).count == themes.count)
        #expect(themes.allSatisfy { $0.pairs >= 2 && $0.pairs <= $0.contents.count })
    }

    @Test("a themes file adds its themes after the built-in ones and may replace one by name")
    func fileThemes() throws {
        let directory = try TemporaryDirectory()
        let url = try write(
            """
            {"themes": [
              {"name": "Planets", "emoji": ["🌍", "🌕", "🪐", "☀️"], "pairs": 3, "color": "#1020ff"},
              {"name": "animals", "emoji": ["🐶", "🐱"], "color": "pink"},
              {"name": "Letters", "emoji": ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"]}
            ]}
            """, in: directory)
        let themes = try ThemeFileRepository(url: url).all()
        #expect(themes.count == BuiltInThemes.all.count + 2)
        let planets = try #require(themes.first { $0.name == "Planets" })
        #expect(planets.pairs == 3 && planets.color.blue == 0xFF)
        let animals = try #require(themes.first { $0.isNamed("Animals") })
        #expect(animals.contents == ["🐶", "🐱"] && animals.pairs == 2 && animals.color.name == "pink")
        #expect(themes.firstIndex { $0.isNamed("Animals") } == 0)
        let letters = try #require(themes.last)
        #expect(letters.pairs == 8 && letters.color.name == "gray")
    }

    @Test("a bare array of themes is accepted too")
    func bareArray() throws {
        let directory = try TemporaryDirectory()
        let url = try write(#"[{"name": "Duo", "emoji": ["🍏", "🍎"], "pairs": 2}]"#, in: directory)
        #expect(try ThemeFileRepository(url: url).all().last?.name == "Duo")
    }

    @Test("a missing file is not found, with its path")
    func missing() throws {
        let directory = try TemporaryDirectory()
        let url = directory.path("nope.json")
        #expect(throws: MemorizeError.themesFileMissing(path: url.path)) { try ThemeFileRepository(url: url) }
        #expect(MemorizeError.themesFileMissing(path: url.path).kind == .notFound)
    }

    @Test(
        "a file that is not a list of themes is bad data saying what the decoder found",
        arguments: [
            (#"{"themes": [{"name": "NoEmoji"}]}"#, ThemeFileDefect.missingField("emoji", at: "themes[0]")),
            (#"{"themes": [ {"name": "Cut", "#, .notJSON),
            (#""just text""#, .wrongType(at: "")),
            (#"{"themes": [{"name": "Odd", "emoji": "🍏"}]}"#, .wrongType(at: "themes[0].emoji")),
        ])
    func notThemes(text: String, defect: ThemeFileDefect) throws {
        let directory = try TemporaryDirectory()
        let url = try write(text, in: directory)
        #expect(throws: MemorizeError.themesFileNotThemes(path: url.path, defect: defect)) {
            try ThemeFileRepository(url: url)
        }
    }

    @Test(
        "a theme that breaks a rule is bad data naming the file, the theme's place and name, and the rule",
        arguments: [
            (
                #"{"themes": [{"name": "Tiny", "emoji": ["🍏", "🍎"], "pairs": 5}]}"#, 1, "Tiny",
                MemorizeError.tooManyPairs(theme: "Tiny", pairs: 5, allowed: 2...2)
            ),
            (
                #"{"themes": [{"name": "Odd", "emoji": ["🍏🍎", "🍋"]}]}"#, 1, "Odd",
                .notOneEmoji(theme: "Odd", emoji: "🍏🍎")
            ),
            (
                #"{"themes": [{"name": "Hue", "emoji": ["🍏", "🍎"], "color": "mauve"}]}"#, 1, "Hue",
                .unknownColor("mauve", known: ThemeColor.named.map(\.name))
            ),
            (
                #"{"themes": [{"name": "Twin", "emoji": ["🍏", "🍎"]}, {"name": "twin", "emoji": ["🍋", "🍎"]}]}"#, 2,
                "twin", .duplicateTheme("twin")
            ),
            (#"[{"name": "", "emoji": ["🍏", "🍎"]}]"#, 1, "", .blankThemeName),
        ])
    func badThemes(text: String, position: Int, name: String, problem: MemorizeError) throws {
        let directory = try TemporaryDirectory()
        let url = try write(text, in: directory)
        let expected = MemorizeError.badTheme(path: url.path, position: position, name: name, problem: problem)
        #expect(throws: expected) { try ThemeFileRepository(url: url) }
        #expect(expected.kind == .badData)
    }
}
