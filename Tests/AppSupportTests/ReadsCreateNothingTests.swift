import Foundation
import TestSupport
import Testing

/// A read or a dry run on a path with a typo must say the file is not there, not create an empty one.
@Suite("every app's reads and dry runs create nothing")
struct ReadsCreateNothingTests {
    /// Each app's commands that only read its database.
    static let reads: [(app: String, command: [String])] = [
        ("papers", ["library", "stats"]),
        ("papers", ["library", "search", "testing"]),
        ("papers", ["favorites"]),
        ("coffee", ["list"]),
        ("coffee", ["report"]),
        ("coffee", ["show", "abc"]),
        ("memorize", ["scores"]),
        ("color-events", ["journal"]),
        ("color-events", ["replay"]),
    ]

    @Test("a read of a missing file exits 66, names the file and creates nothing", arguments: reads)
    func missingFile(app: String, command: [String]) throws {
        let home = try TemporaryDirectory()
        let file = home.path("typo/x.sqlite")
        let result = try BinaryRunner(product: app).run(
            command + ["--db", file.path], environment: ["XDG_DATA_HOME": home.url.path])
        #expect(result.status == 66, "\(app) \(command): \(result.stderr)")
        #expect(result.stderr.hasPrefix("\(app): error: there is no "), "\(result.stderr)")
        #expect(result.stderr.contains(file.path) && result.stderr.split(separator: "\n").count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.url.path).isEmpty)
    }

    /// Reads that show what a new file would hold: the menu, the screens before any event.
    static let startingPoints: [(app: String, command: [String], shows: String)] = [
        ("coffee", ["menu"], "Espresso"),
        ("color-events", [], "SCREEN"),
    ]

    @Test(
        "before there is a database, the menu and the screens show what a new one holds and create nothing",
        arguments: startingPoints)
    func startingPoint(app: String, command: [String], shows: String) throws {
        let home = try TemporaryDirectory()
        let result = try BinaryRunner(product: app).run(
            command + ["--db", home.path("typo/x.sqlite").path], environment: ["XDG_DATA_HOME": home.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(shows))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.url.path).isEmpty)
    }

    @Test("papers import --dry-run counts the papers and creates no library")
    func dryRun() throws {
        let home = try TemporaryDirectory()
        let feed = FixtureFiles.url("arxiv", "search-all-testing-100-entries.xml")
        let result = try BinaryRunner(product: "papers").run(
            ["import", "--dry-run", feed.path, "--db", home.path("new/papers.sqlite").path],
            environment: ["XDG_DATA_HOME": home.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("100 papers in 1 file"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.url.path).isEmpty)
    }
}
