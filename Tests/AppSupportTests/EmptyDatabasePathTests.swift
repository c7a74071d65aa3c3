import Foundation
import TestSupport
import Testing

/// An unset shell variable (`--db "$LIBRARY"`) must never fall back to the user's real database.
@Suite("every app refuses an empty database path")
struct EmptyDatabasePathTests {
    /// Each app with a read-only command that opens its database.
    static let apps: [(app: String, variable: String, command: [String])] = [
        ("coffee", "STRATA_COFFEE_DB", ["list"]),
        ("papers", "STRATA_PAPERS_DB", ["library", "stats"]),
        ("memorize", "STRATA_MEMORIZE_DB", ["scores"]),
        ("color-events", "STRATA_COLOR_EVENTS_DB", ["journal"]),
    ]

    @Test("--db '' and an empty STRATA_<APP>_DB exit 64 with one line and create nothing", arguments: apps)
    func refused(app: String, variable: String, command: [String]) throws {
        let home = try TemporaryDirectory()
        let runner = BinaryRunner(product: app)
        let cases: [([String], [String: String])] = [
            (command + ["--db", ""], [variable: "/unused.sqlite"]),
            (command, [variable: ""]),
        ]
        for (arguments, environment) in cases {
            let result = try runner.run(
                arguments, environment: environment.merging(["XDG_DATA_HOME": home.url.path]) { $1 })
            #expect(result.status == 64, "\(app) \(arguments) \(environment): \(result.stderr)")
            #expect(result.stderr.hasPrefix("\(app): error: ") && result.stderr.split(separator: "\n").count == 1)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.url.path).isEmpty)
    }
}
