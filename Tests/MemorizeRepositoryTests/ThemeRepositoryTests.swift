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
    func builtIns() throws {
        let themes = try InMemoryThemeRepository().all()
        #expect(themes.count >= 6)
        #expect(themes.count == BuiltInThemes.definitionCount)
        #expect(Set(themes.map { $0.name.lowercased() }).count == themes.count)
        #expect(themes.allSatisfy { $0.pairs >= 2 && $0.pairs <= $0.contents.count })
    }

    @Test("a themes file adds its themes after the built-in ones and may replace one by name")
    func fileThemes() throws {
        let directory = try TemporaryDirectory()
        let url = try write("""
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

    @Test("a missing file is not found and says which option to check")
    func missing() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: MessageError.self) { try ThemeFileRepository(url: directory.path("nope.json")) }
        #expect(error?.kind == .notFound)
        #expect(error?.message.contains("nope.json") == true)
        #expect(error?.message.contains("--themes-file") == true)
    }

    @Test("bad files are bad data, with one line naming the file and the theme", arguments: [
        (#"{"themes": [{"name": "Tiny", "emoji": ["🍏", "🍎"], "pairs": 5}]}"#, "theme 'Tiny'"),
        (#"{"themes": [{"name": "Odd", "emoji": ["🍏🍎", "🍋"]}]}"#, "theme 'Odd'"),
        (#"{"themes": [{"name": "Hue", "emoji": ["🍏", "🍎"], "color": "mauve"}]}"#, "theme 'Hue'"),
        (#"{"themes": [{"name": "Twin", "emoji": ["🍏", "🍎"]}, {"name": "twin", "emoji": ["🍋", "🍎"]}]}"#, "appears twice"),
        (#"{"themes": [{"name": "NoEmoji"}]}"#, "missing \"emoji\""),
        (#"{"themes": [ {"name": "Cut", "#, "not valid JSON"),
        (#""just text""#, "not a list of themes"),
    ])
    func badFiles(text: String, phrase: String) throws {
        let directory = try TemporaryDirectory()
        let url = try write(text, in: directory)
        let error = #expect(throws: MessageError.self) { try ThemeFileRepository(url: url) }
        #expect(error?.kind == .badData)
        #expect(error?.message.contains(url.path) == true)
        #expect(error?.message.contains(phrase) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("\n") == false)
    }
}
