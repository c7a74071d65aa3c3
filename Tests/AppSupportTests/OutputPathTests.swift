import Core
import Foundation
import TestSupport
import Testing

/// Every app prints through the one output path: output that cannot be written (a full disk, a
/// closed standard output) is exit 74 with one line on standard error, never a silent success.
@Suite("every app fails when its output does not arrive")
struct OutputPathTests {
    @Test(
        "a listing to a full disk or a closed standard output is exit 74, one line, in every app",
        arguments: [
            ("coffee", ["menu"]), ("coffee", ["list"]), ("memorize", ["themes"]),
            ("memorize", ["play", "--seed", "1"]),
            ("color-events", ["events"]), ("color-events", ["run"]), ("papers", ["digest"]),
        ])
    func fullDisk(app: String, arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        let runner = BinaryRunner(product: app)
        let database = ["--db", directory.path("x.sqlite").path]
        if app == "coffee" {
            let order = try runner.run(["order", "--name", "Ada", "--coffee", "latte", "--size", "large"] + database)
            try #require(order.status == 0, "\(order.stderr)")
        }
        for (redirect, words) in [(">/dev/full", "the disk is full"), (">&-", "standard output is closed")] {
            let result = try runner.run(arguments + database, redirectingOutput: redirect)
            #expect(result.status == ErrorKind.storage.exitCode, "\(app) \(arguments) \(redirect): \(result.stderr)")
            #expect(result.stderr.hasPrefix("\(app): error: "), "\(result.stderr)")
            #expect(result.stderr.contains(words), "\(app) \(arguments) \(redirect): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        // The same command with somewhere to write succeeds: the failure was the output's.
        let written = try runner.run(arguments + database, redirectingOutput: ">/dev/null")
        #expect(written.status == 0, "\(app) \(arguments): \(written.stderr)")
    }
}
