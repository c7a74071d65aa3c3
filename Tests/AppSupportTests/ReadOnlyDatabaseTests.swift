import Foundation
import TestSupport
import Testing

/// A library someone made read-only (mode 0444, a shared copy) must still be readable.
///
/// As root every file is writable, so the reads run as `nobody` when the tests run as root.
@Suite("every app reads a read-only database")
struct ReadOnlyDatabaseTests {
    /// Each app: the command that writes its file, and the commands that only read it.
    static let apps: [(app: String, write: [String], reads: [[String]])] = [
        (
            "papers", ["import", FixtureFiles.url("arxiv", "search-all-testing-100-entries.xml").path],
            [["library", "stats"], ["library", "search", "testing"], ["favorites"]]
        ),
        ("coffee", ["order", "--name", "Ada", "--coffee", "latte", "--size", "small"], [["list"], ["report"]]),
        ("color-events", ["send", "changeBothSidesColors"], [["journal"], ["replay"]]),
    ]

    @Test("reads of a 0444 file succeed and leave it as it was", arguments: apps)
    func readOnlyFile(app: String, write: [String], reads: [[String]]) throws {
        let home = try TemporaryDirectory()
        let file = home.path("\(app).sqlite")
        let created = try BinaryRunner(product: app).run(write + ["--db", file.path])
        try #require(created.status == 0, "\(created.stderr)")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        let before = try Data(contentsOf: file)
        for read in reads {
            let result = try BinaryRunner.unprivileged(product: app).run(read + ["--db", file.path])
            #expect(result.status == 0, "\(app) \(read): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(app) \(read): \(result.stderr)")
        }
        #expect(try Data(contentsOf: file) == before)
    }
}
