import Foundation
import TestSupport
import Testing

/// Several processes creating one new database at once: each waits for the others, none fails.
@Suite("processes racing to create one database")
struct ConcurrentCreationTests {
    /// Each app with a command that creates its database and writes to it.
    static let apps: [(app: String, command: [String])] = [
        (
            "papers",
            ["import", FixtureFiles.url("arxiv", "legacy2016-au-del_maestro-10-of-31.xml").path]
        ),
        ("coffee", ["order", "--name", "Ada", "--coffee", "latte", "--size", "small"]),
        (
            "memorize",
            [
                "play", "--theme", "Animals", "--seed", "2024", "--moves",
                "1,2,3,4,5,6,7,3,8,2,9,10,11,4,12,13,14,9,15,1,16,10",
            ]
        ),
        ("color-events", ["send", "reset"]),
    ]

    @Test("4 processes at once on a new file, 5 times: every one succeeds", arguments: apps)
    func race(app: String, command: [String]) throws {
        let runner = BinaryRunner(product: app)
        for round in 1...5 {
            let directory = try TemporaryDirectory()
            let database = directory.path("new/\(app).sqlite").path
            let processes = try (1...4).map { _ in
                let process = Process()
                process.executableURL = runner.executable
                process.arguments = command + ["--db", database]
                process.environment = ["XDG_DATA_HOME": directory.url.path, "NO_COLOR": "1"]
                process.standardOutput = FileHandle.nullDevice
                let errors = Pipe()
                process.standardError = errors
                try process.run()
                return (process, errors)
            }
            for (process, errors) in processes {
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(process.terminationStatus == 0, "\(app), round \(round): \(message)")
            }
        }
    }
}
