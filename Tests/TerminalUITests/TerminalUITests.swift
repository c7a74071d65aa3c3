import Foundation
import TerminalUI
import Testing

@Suite("Terminal output")
struct TerminalUITests {
    @Test(
        "display width counts emoji and CJK as two columns",
        arguments: [
            ("abc", 3), ("🐶", 2), ("❤️", 2), ("👩‍💻", 2), ("🇫🇷", 2), ("日本語", 6), ("한국", 4), ("é", 1), ("e\u{301}", 1),
            ("ｶ", 1),
        ])
    func width(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test("a table keeps its columns aligned with emoji and CJK")
    func alignedTable() {
        var table = Table(columns: [.init("THEME"), .init("CARDS"), .init("SCORE", alignment: .trailing)])
        table.append(["Animals", "🐶🐱🐭", "12"])
        table.append(["漢字", "日本", "7"])
        table.append(["Plain", "abc", "100"])
        let lines = table.render().split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "THEME    CARDS   SCORE",
                "Animals  🐶🐱🐭     12",
                "漢字     日本        7",
                "Plain    abc       100",
            ])
        #expect(Set(lines.map { DisplayWidth.of($0) }).count == 1)
    }

    @Test("cells longer than the column's limit are cut with an ellipsis, by columns not characters")
    func truncation() {
        #expect(DisplayWidth.truncate("Attention Is All You Need", to: 10) == "Attention…")
        #expect(DisplayWidth.truncate("日本語テキスト", to: 7) == "日本語…")
        #expect(DisplayWidth.truncate("short", to: 10) == "short")
    }

    @Test("colour only on a TTY, never with NO_COLOR or a dumb terminal")
    func colourRules() {
        #expect(TerminalEnvironment(stdoutIsTTY: true, stderrIsTTY: true).usesColor)
        #expect(!TerminalEnvironment(stdoutIsTTY: false, stderrIsTTY: true).usesColor)
        #expect(!TerminalEnvironment(stdoutIsTTY: true, stderrIsTTY: true, variables: ["NO_COLOR": "1"]).usesColor)
        #expect(TerminalEnvironment(stdoutIsTTY: true, stderrIsTTY: true, variables: ["NO_COLOR": ""]).usesColor)
        #expect(!TerminalEnvironment(stdoutIsTTY: true, stderrIsTTY: true, variables: ["TERM": "dumb"]).usesColor)
        let env = TerminalEnvironment(stdoutIsTTY: true, stderrIsTTY: true, variables: ["NO_COLOR": "1"])
        #expect(Style(env).red("x") == "x")
        #expect(Style(enabled: true).red("x") == "\u{1B}[31mx\u{1B}[0m")
    }

    @Test("styled cells are measured without their escape codes")
    func styledTable() {
        var table = Table(columns: [.init("A"), .init("B")])
        table.append([Style(enabled: true).green("ok"), "x"])
        table.append(["longer", "y"])
        let lines = table.render().split(separator: "\n").map { Style.strip(String($0)) }
        #expect(lines == ["A       B", "ok      x", "longer  y"])
    }

    @Test("fitted to a width, the flexible columns share what the others leave; unfitted, nothing is cut")
    func flexibleColumns() {
        var table = Table(columns: [
            .init("ID"), .init("TITLE", flexible: true, minWidth: 6), .init("NOTE", flexible: true, minWidth: 6),
            .init("N", alignment: .trailing),
        ])
        table.append(["a1", "Attention Is All You Need", "日本語のテキストです", "7"])
        table.append(["b22", "Short", "ok", "12"])
        let fitted = table.render(fitting: 30).split(separator: "\n").map(String.init)
        // ID 3 + N 2 + three gaps of 2 leave 19: 9 columns for each flexible column.
        #expect(
            fitted == [
                "ID   TITLE      NOTE        N",
                "a1   Attentio…  日本語の…   7",
                "b22  Short      ok         12",
            ])
        #expect(fitted.allSatisfy { DisplayWidth.of($0) <= 30 })
        // However narrow the width, a flexible column keeps its minimum.
        #expect(table.render(fitting: 10).split(separator: "\n")[1] == "a1   Atten…  日本…   7")
        // No width: every cell whole.
        #expect(table.render().contains("Attention Is All You Need") && table.render().contains("日本語のテキストです"))
    }

    @Test("the progress bar writes nothing unless stderr is a TTY")
    func progressOnlyOnTTY() {
        let written = Written()
        let piped = ProgressBar(
            label: "fetch", environment: TerminalEnvironment(stdoutIsTTY: true, stderrIsTTY: false),
            write: written.append)
        piped.update(done: 1, total: 2)
        piped.finish()
        #expect(written.text.isEmpty)
        let tty = ProgressBar(
            label: "fetch", environment: TerminalEnvironment(stdoutIsTTY: false, stderrIsTTY: true),
            write: written.append)
        tty.update(done: 1, total: 2)
        tty.finish()
        #expect(written.text.contains("1/2"))
        #expect(written.text.hasSuffix("\r\u{1B}[2K"))
    }

    @Test("JSON output has sorted keys and ISO 8601 dates")
    func json() throws {
        struct Row: Encodable {
            let zeta: Int
            let alpha: Date
        }
        let text = try JSONOutput.string(Row(zeta: 1, alpha: Date(timeIntervalSince1970: 0)))
        #expect(text == "{\n  \"alpha\" : \"1970-01-01T00:00:00Z\",\n  \"zeta\" : 1\n}")
    }
}

final class Written: @unchecked Sendable {
    private let lock = NSLock()
    private var chunks: [String] = []
    var append: @Sendable (String) -> Void { { [self] text in lock.withLock { chunks.append(text) } } }
    var text: String { lock.withLock { chunks.joined() } }
}
