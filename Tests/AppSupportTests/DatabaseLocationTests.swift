import Foundation
import TestSupport
import Testing

/// Where each app keeps its database when a command writes one: `--db`, else
/// `STRATA_<APP>_DB`, else `$XDG_DATA_HOME/strata/<app>.sqlite`. `DatabasePath` decides the
/// order (AppSupportTests); this checks that every app asks it.
@Suite("every app finds its database the same way")
struct DatabaseLocationTests {
    /// A command of each app that writes its database.
    static let writes: [(app: String, command: [String])] = [
        ("coffee", ["order", "--name", "Ada", "--coffee", "latte", "--size", "small"]),
        ("color-events", ["send", "reset"]),
        (
            "memorize",
            [
                "play", "--theme", "Animals", "--seed", "2024", "--moves",
                "1,2,3,4,5,6,7,3,8,2,9,10,11,4,12,13,14,9,15,1,16,10",
            ]
        ),
        ("papers", ["import", FixtureFiles.url("arxiv", "search-all-testing-100-entries.xml").path]),
    ]

    @Test("--db wins over STRATA_<APP>_DB, which wins over $XDG_DATA_HOME/strata/<app>.sqlite", arguments: writes)
    func location(app: String, command: [String]) throws {
        let home = try TemporaryDirectory()
        let runner = BinaryRunner(product: app)
        let variable = "STRATA_\(app.uppercased().replacingOccurrences(of: "-", with: "_"))_DB"
        func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

        let byDefault = try runner.run(command, environment: ["XDG_DATA_HOME": home.url.path])
        #expect(byDefault.status == 0, "\(byDefault.stderr)")
        #expect(exists(home.path("strata/\(app).sqlite")))

        let named = home.path("named/by-variable.sqlite")
        let byVariable = try runner.run(command, environment: ["XDG_DATA_HOME": home.url.path, variable: named.path])
        #expect(byVariable.status == 0, "\(byVariable.stderr)")
        #expect(exists(named))

        let given = home.path("given/by-option.sqlite")
        let byOption = try runner.run(command + ["--db", given.path], environment: [variable: named.path])
        #expect(byOption.status == 0, "\(byOption.stderr)")
        #expect(exists(given))
    }
}
