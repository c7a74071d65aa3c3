import Core
import Foundation
import TestSupport
import Testing

/// The demo's winning moves for Animals, seed 2024 (checked against a perfect-memory player in MemorizeUseCaseTests).
private let demoMoves = "1,2,3,4,5,6,7,3,8,2,9,10,11,4,12,13,14,9,15,1,16,10"

/// Runs `memorize` with its data in a throwaway directory.
private struct Memorize {
    let directory: TemporaryDirectory
    let runner = BinaryRunner(product: "memorize")

    init() throws { directory = try TemporaryDirectory() }

    var database: String { directory.path("scores.sqlite").path }

    func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws
        -> BinaryRunner.Result
    {
        try runner.run(
            arguments,
            environment: ["XDG_DATA_HOME": directory.url.path, "STRATA_MEMORIZE_THEMES": ""]
                .merging(environment) { $1 },
            input: input, timeout: 30)
    }
}

@Suite("memorize app")
struct MemorizeAppTests {
    @Test("--moves plays a seeded game to the end and prints the final board, score and game-over line")
    func scriptedWin() throws {
        let memorize = try Memorize()
        let result = try memorize.run(["play", "--theme", "Animals", "--seed", "2024", "--moves", demoMoves])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(
            result.stdout == """
                Animals · score 16 · moves 22 · matched 8/8 · seed 2024
                 1       2       3       4
                 5       6       7       8
                 9      10      11      12
                13      14      15      16
                Game over: all 8 pairs matched in 22 moves, score 16. Rank #1 for Animals.

                """)
        // The game went into the default database under $XDG_DATA_HOME.
        let scores = try memorize.run(["scores", "--theme", "animals"])
        #expect(scores.stdout.contains("Animals"))
        #expect(scores.stdout.contains("2024"))
        #expect(FileManager.default.fileExists(atPath: memorize.directory.path("strata/memorize.sqlite").path))
    }

    @Test("--moves part of the way shows emoji and gaps aligned, and says the game is not over")
    func scriptedPartial() throws {
        let memorize = try Memorize()
        let result = try memorize.run([
            "play", "--theme", "animals", "--seed", "2024", "--db", memorize.database, "--moves",
            "1,2,3,4,5,6,7,3,8,2,9",
        ])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                Animals · score 6 · moves 11 · matched 3/8 · seed 2024
                 1 ▒▒    2       3       4 ▒▒
                 5       6       7       8
                 9 🦁   10 ▒▒   11 ▒▒   12 ▒▒
                13 ▒▒   14 ▒▒   15 ▒▒   16 ▒▒
                Not over: 3 of 8 pairs matched.

                """)
        #expect(!result.stdout.contains("\u{1B}["))
    }

    @Test("--format json gives the board as data")
    func scriptedJSON() throws {
        let memorize = try Memorize()
        let result = try memorize.run([
            "play", "--theme", "Sports", "--pairs", "3", "--seed", "5", "--moves", "1,2", "--format", "json", "--db",
            memorize.database,
        ])
        #expect(result.status == 0)
        let card = { (number: Int, content: String?, face: String, symbol: String) -> String in
            let contentLine = content.map { "\n      \"content\" : \"\($0)\"," } ?? ""
            return """
                    {\(contentLine)
                      "face" : "\(face)",
                      "number" : \(number),
                      "symbol" : "\(symbol)"
                    }
                """
        }
        let cards = [
            card(1, "🏓", "up", "🏓"), card(2, "🎱", "up", "🎱"), card(3, nil, "down", "▒▒"),
            card(4, nil, "down", "▒▒"), card(5, nil, "down", "▒▒"), card(6, nil, "down", "▒▒"),
        ].joined(separator: ",\n")
        #expect(
            result.stdout == """
                {
                  "cards" : [
                \(cards)
                  ],
                  "color" : "blue",
                  "columns" : 3,
                  "matchedPairs" : 0,
                  "moves" : 2,
                  "over" : false,
                  "pairs" : 3,
                  "result" : "Not over: 0 of 3 pairs matched.",
                  "score" : 0,
                  "seed" : 5,
                  "theme" : "Sports"
                }

                """)
    }

    @Test("the interactive game reads numbers from stdin, survives bad lines, and records the win")
    func interactiveWin() throws {
        let memorize = try Memorize()
        var lines = demoMoves.split(separator: ",").map(String.init)
        lines.insert(contentsOf: ["abc", "99", "", "3"], at: 10)  // after 1,2,3,4,5,6,7,3,8,2: card 3 is matched
        let result = try memorize.run(
            ["play", "--theme", "Animals", "--seed", "2024", "--db", memorize.database],
            input: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "'abc' is not a card number; type a number from 1 to 16, r to restart or q to quit\n"))
        #expect(result.stdout.contains("there is no card 99; choose a card from 1 to 16\n"))
        #expect(result.stdout.contains("Card 3 is already matched; choose a card that is still on the table.\n"))
        #expect(result.stdout.contains("Match! "))
        #expect(
            result.stdout.hasSuffix(
                """
                13      14      15      16
                Match! 🦊 🦊 +2
                Game over: all 8 pairs matched in 22 moves, score 16. Rank #1 for Animals.

                """))
        // One board per change: the first draw, 22 moves and 3 bad lines (the empty line changes nothing).
        #expect(result.stdout.components(separatedBy: "Animals · score").count - 1 == 1 + 22 + 3)
        let scores = try memorize.run(["scores", "--db", memorize.database, "--format", "json"])
        #expect(scores.stdout.contains("\"moves\" : 22"))
    }

    @Test("end of input and q both leave the game cleanly, and record nothing")
    func leaving() throws {
        let memorize = try Memorize()
        let eof = try memorize.run(
            ["play", "--theme", "Food", "--seed", "1", "--db", memorize.database], input: "1\n2\n")
        #expect(eof.status == 0)
        #expect(eof.stdout.hasSuffix("End of input: the game was left unfinished.\n"))
        let quit = try memorize.run(
            ["play", "--theme", "Food", "--seed", "1", "--db", memorize.database], input: "3\nq\n4\n")
        #expect(quit.status == 0)
        #expect(quit.stdout.hasSuffix("Bye: the game was left unfinished.\n"))
        #expect(quit.stdout.components(separatedBy: "Food · score").count - 1 == 2)
        let scores = try memorize.run(["scores", "--db", memorize.database])
        #expect(scores.stdout == "No scores yet; finish a game with `memorize play`.\n")
    }

    @Test(
        "bad input exits with one line and a distinct code",
        arguments: [
            (
                ["play", "--theme", "Dinosaurs", "--moves", "1"], Int32(66),
                "memorize: error: no theme named 'Dinosaurs'"
            ),
            (
                ["play", "--theme", "Faces", "--pairs", "13", "--moves", "1"], Int32(65),
                "memorize: error: too many pairs: theme 'Faces'"
            ),
            (
                ["play", "--theme", "Faces", "--seed", "1", "--moves", "1,25"], Int32(65),
                "memorize: error: there is no card 25; choose a card from 1 to 24"
            ),
            (["play", "--moves", "1,x"], Int32(64), "memorize: error: 'x' in --moves is not a card number"),
            (["play", "--format", "json"], Int32(64), "memorize: error: --format json needs --moves"),
            (["play", "--format", "plain"], Int32(64), "memorize: error: --format plain needs --moves"),
            (["play", "--themes-file", "", "--moves", "1"], Int32(64), "memorize: error: --themes-file is empty"),
            (["scores", "--limit", "0"], Int32(64), "memorize: error: --limit must be at least 1"),
            (
                ["themes", "--themes-file", "/nonexistent/themes.json"], Int32(66),
                "memorize: error: themes file /nonexistent/themes.json does not exist"
            ),
        ])
    func errors(arguments: [String], status: Int32, message: String) throws {
        let memorize = try Memorize()
        let result = try memorize.run(arguments + ["--db", memorize.database])
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
        #expect(result.stdout == "")
    }

    @Test("a bad themes file, given by option or STRATA_MEMORIZE_THEMES, is bad data naming the file and theme")
    func badThemesFile() throws {
        let memorize = try Memorize()
        let file = memorize.directory.path("themes.json")
        try Data(#"{"themes": [{"name": "Tiny", "emoji": ["🍏", "🍎"], "pairs": 3}]}"#.utf8).write(to: file)
        let line =
            "memorize: error: themes file \(file.path): too many pairs: theme 'Tiny' has 2 distinct emoji, so at most 2 pairs; use 2 to 2\n"
        for (run, stderr) in [
            (try memorize.run(["play", "--themes-file", file.path, "--db", memorize.database]), line),
            (try memorize.run(["themes"], environment: ["STRATA_MEMORIZE_THEMES": file.path]), line),
        ] {
            #expect(run.status == 78)
            #expect(run.stderr == stderr)
            #expect(run.stdout == "")
        }
    }

    @Test("the themes file comes from --themes-file, else STRATA_MEMORIZE_THEMES")
    func themesFileSources() throws {
        let memorize = try Memorize()
        let planets = memorize.directory.path("planets.json")
        let duo = memorize.directory.path("duo.json")
        try Data(#"[{"name": "Planets", "emoji": ["🌍", "🌕", "🪐"]}]"#.utf8).write(to: planets)
        try Data(#"[{"name": "Duo", "emoji": ["🍏", "🍎"]}]"#.utf8).write(to: duo)
        let lastTheme = { (result: BinaryRunner.Result) in
            result.stdout.split(separator: "\n").last?.split(separator: "\t").first.map(String.init)
        }
        let option = try memorize.run(
            ["themes", "--format", "plain", "--themes-file", duo.path],
            environment: ["STRATA_MEMORIZE_THEMES": planets.path])
        #expect(lastTheme(option) == "Duo" && option.stderr == "")
        let variable = try memorize.run(
            ["themes", "--format", "plain"], environment: ["STRATA_MEMORIZE_THEMES": planets.path])
        #expect(lastTheme(variable) == "Planets" && variable.stderr == "")
    }

    @Test(
        "the grid keeps full rows where it can",
        arguments: [(4, 2), (6, 3), (8, 4), (12, 4), (16, 4), (20, 5), (24, 6), (30, 6)])
    func grid(cards: Int, columns: Int) throws {
        let memorize = try Memorize()
        let file = memorize.directory.path("letters.json")
        let letters = (0..<15).map { "\"\(String(UnicodeScalar(UInt8(65 + $0))))\"" }.joined(separator: ", ")
        try Data(#"[{"name": "Letters", "emoji": [\#(letters)]}]"#.utf8).write(to: file)
        let result = try memorize.run([
            "play", "--themes-file", file.path, "--theme", "Letters", "--pairs", String(cards / 2),
            "--seed", "1", "--moves", "1", "--format", "json", "--db", memorize.database,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(json?["columns"] as? Int == columns)
        #expect((json?["cards"] as? [Any])?.count == cards)
        let text = try memorize.run([
            "play", "--themes-file", file.path, "--theme", "Letters", "--pairs", String(cards / 2),
            "--seed", "1", "--moves", "1", "--db", memorize.database,
        ])
        let rows = text.stdout.split(separator: "\n").dropFirst().dropLast()
        #expect(rows.count == (cards + columns - 1) / columns)
    }

    @Test("themes: a pipe with no COLUMNS lists every emoji; a width cuts the list")
    func themesCutOnlyForAWidth() throws {
        let memorize = try Memorize()
        let piped = try memorize.run(["themes"], environment: ["COLUMNS": ""])
        let plain = try memorize.run(["themes", "--format", "plain"])
        let emoji = try #require(plain.stdout.split(separator: "\n").first?.split(separator: "\t").last)
        #expect(piped.stdout.contains(String(emoji)))
        let narrow = try memorize.run(["themes"], environment: ["COLUMNS": "50"])
        #expect(!narrow.stdout.contains(String(emoji)))
        #expect(narrow.stdout.contains("…"))
    }

    @Test("a narrow terminal gets fewer columns; JSON keeps the grid's own")
    func narrowTerminal() throws {
        let memorize = try Memorize()
        let narrow = try memorize.run(
            ["play", "--theme", "Faces", "--seed", "3", "--moves", "1", "--db", memorize.database],
            environment: ["COLUMNS": "20"])
        let lines = narrow.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 1 + 12 + 1)
        #expect(lines[2] == " 3 ▒▒    4 ▒▒")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.count <= 20 })
        let json = try memorize.run(
            ["play", "--theme", "Faces", "--seed", "3", "--moves", "1", "--format", "json", "--db", memorize.database],
            environment: ["COLUMNS": "20"])
        #expect(json.stdout.contains("\"columns\" : 6"))
    }

    @Test("--format plain: tab-separated records with no header, for themes, scores and a scripted game")
    func plain() throws {
        let memorize = try Memorize()
        let themes = try memorize.run(["themes", "--format", "plain"])
        let lines = themes.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(lines.first == "Animals\t8\t12\torange\t🐶 🐱 🐭 🐹 🐰 🦊 🐻 🐼 🐨 🐯 🦁 🐮")
        let game = try memorize.run([
            "play", "--theme", "Animals", "--seed", "2024", "--moves", demoMoves, "--format", "plain", "--db",
            memorize.database,
        ])
        #expect(game.status == 0)
        #expect(game.stdout == "Animals\t2024\t8\t16\t22\t8\ttrue\n")
        let scores = try memorize.run(["scores", "--format", "plain", "--db", memorize.database])
        let fields = scores.stdout.split(separator: "\n").first?.split(separator: "\t").map(String.init) ?? []
        #expect(fields.prefix(6) == ["Animals", "1", "16", "22", "8", "2024"])
        #expect(fields.count == 7)
        let none = try memorize.run(["scores", "--format", "plain", "--theme", "Food", "--db", memorize.database])
        #expect(none.status == 0 && none.stdout == "")
    }

    @Test(
        "every kind of bad themes file gets its own line naming the file",
        arguments: [
            (
                #"{"themes": [ {"name": "Cut", "#,
                " is not a list of themes (not valid JSON); see docs/Memorize.md for the format"
            ),
            (
                #"[{"name": "NoEmoji"}]"#,
                #" is not a list of themes (missing "emoji" at [0]); see docs/Memorize.md for the format"#
            ),
            (#"[{"name": "", "emoji": ["🍏", "🍎"]}]"#, #": theme #1: a theme needs a name; give it a non-empty "name""#),
            (
                #"[{"name": "Hue", "emoji": ["🍏", "🍎"], "color": "mauve"}]"#,
                #": theme 'Hue': unknown colour "mauve"; use #RRGGBB or one of red, orange"#
            ),
            (
                #"[{"name": "Twin", "emoji": ["🍏", "🍎"]}, {"name": "twin", "emoji": ["🍋", "🍎"]}]"#,
                ": theme 'twin' appears twice; give each theme its own name"
            ),
        ])
    func themesFileWords(text: String, words: String) throws {
        let memorize = try Memorize()
        let file = memorize.directory.path("themes.json")
        try Data(text.utf8).write(to: file)
        let result = try memorize.run(["themes", "--themes-file", file.path])
        #expect(result.status == 78)
        #expect(result.stderr.hasPrefix("memorize: error: themes file \(file.path)\(words)"), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test("themes lists the built-in themes and the user's, aligned with emoji")
    func themes() throws {
        let memorize = try Memorize()
        let file = memorize.directory.path("themes.json")
        try Data(##"[{"name": "Planets", "emoji": ["🌍", "🌕", "🪐"], "pairs": 3, "color": "#3050ff"}]"##.utf8).write(
            to: file)
        let result = try memorize.run(["themes", "--themes-file", file.path])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "THEME      PAIRS  MAX  COLOUR   EMOJI")
        #expect(lines.contains("Animals        8   12  orange   🐶 🐱 🐭 🐹 🐰 🦊 🐻 🐼 🐨 🐯 🦁 🐮"))
        #expect(lines.last == "Planets        3    3  #3050ff  🌍 🌕 🪐")
        #expect(lines.count == 1 + 7 + 1)
        let json = try memorize.run(["themes", "--format", "json"])
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(decoded?.count == 7)
        #expect(decoded?.first?["name"] as? String == "Animals")
    }

    @Test("a seeded random theme is the same game every time")
    func seededRandom() throws {
        let memorize = try Memorize()
        let first = try memorize.run(["play", "--seed", "77", "--moves", "1,2,3", "--db", memorize.database])
        let second = try memorize.run([
            "play", "--theme", "random", "--seed", "77", "--moves", "1,2,3", "--db", memorize.database,
        ])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("seed 77"))
    }
}
