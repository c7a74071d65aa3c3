import Foundation
import TestSupport
import Testing

/// Input echoed in a message must never reach the terminal as a command (an Escape sequence that
/// clears the screen or recolours it): every app shows control characters as `^[`.
@Suite("every app shows control characters from input, never sends them")
struct ControlCharacterTests {
    static let escape = "\u{1B}[2J\u{1B}[31mred\u{7}"

    @Test("memorize shows a typed escape sequence as ^[ in its message")
    func memorizeInput() throws {
        let directory = try TemporaryDirectory()
        let result = try BinaryRunner(product: "memorize").run(
            ["play", "--seed", "1", "--db", directory.path("m.sqlite").path], input: Self.escape + "\nq\n")
        #expect(
            !result.stdout.contains("\u{1B}") && !result.stdout.contains("\u{7}"), "\(result.stdout.debugDescription)")
        #expect(result.stdout.contains("'^[[2J^[[31mred^G' is not a card number"), "\(result.stdout)")
    }

    @Test(
        "an argument with control characters is quoted visibly in the error line",
        arguments: [
            ("papers", ["show", escape, "--offline"]),
            ("coffee", ["order", "--name", "Ada", "--coffee", escape, "--size", "small"]),
            ("color-events", ["send", escape]), ("memorize", ["play", "--theme", escape, "--moves", "1"]),
        ])
    func arguments(app: String, arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        let result = try BinaryRunner(product: app).run(arguments + ["--db", directory.path("x.sqlite").path])
        #expect(result.status != 0)
        #expect(!result.stderr.contains("\u{1B}"), "\(app): \(result.stderr.debugDescription)")
        #expect(result.stderr.contains("^[[2J"), "\(app): \(result.stderr.debugDescription)")
    }
}
