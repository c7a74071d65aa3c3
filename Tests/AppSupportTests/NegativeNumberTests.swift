import Foundation
import TestSupport
import Testing

/// `--limit -1` is a number out of range, not a missing value: the app's own range check must word it.
@Suite("every app takes a negative number as a value and says its range")
struct NegativeNumberTests {
    /// A command to set up the database (or none), the command with a negative number, and the words expected.
    static let cases: [(app: String, setup: [String]?, command: [String], says: String)] = [
        ("papers", nil, ["search", "quantum", "--limit", "-5"], "--limit must be between 1 and"),
        ("memorize", nil, ["scores", "--limit", "-1"], "--limit must be at least 1"),
        ("memorize", nil, ["play", "--pairs", "-2", "--moves", "1"], "-2 pairs is too few"),
        ("color-events", ["send", "reset"], ["journal", "--limit", "-1"], "--limit must be 0 or more, not -1"),
        ("coffee", nil, ["serve", "--port", "-1"], "--port -1 is not a port"),
        // Every app's serve checks its options in one place (WebServeOptions), before it listens.
        ("memorize", nil, ["serve", "--idle-timeout", "-1"], "--idle-timeout -1.0 is not a duration"),
        ("papers", nil, ["serve", "--body-min-rate", "-5"], "--body-min-rate -5 is not a rate"),
    ]

    @Test("a negative number gets the range error, not 'Missing value'", arguments: 0..<7)
    func negative(index: Int) throws {
        let (app, setup, command, says) = Self.cases[index]
        let directory = try TemporaryDirectory()
        let db = ["--db", directory.path("\(app).sqlite").path]
        let runner = BinaryRunner(product: app)
        if let setup { try #require(try runner.run(setup + db).status == 0) }
        let result = try runner.run(command + db, environment: ["XDG_DATA_HOME": directory.url.path])
        #expect((64...65).contains(result.status), "\(app) \(command): \(result.stderr)")
        #expect(result.stderr.contains(says), "\(app) \(command): \(result.stderr)")
        #expect(!result.stderr.contains("Missing value"))
    }
}
