import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("color-events run on a terminal")
struct TerminalTests {
    @Test("a lone Escape is dropped after a moment, and the keys after it work")
    func loneEscape() throws {
        let directory = try TemporaryDirectory()
        let database = directory.path("e.sqlite").path
        let session = try PseudoTerminal(product: "color-events", arguments: ["run", "--seed", "3", "--db", database])
        #expect(session.waitFor(PseudoTerminal.clearScreen), "the first frame")
        let before = try #require(session.waitForTerminalRead(), "the app never read its terminal")
        session.type("\u{1B}")
        // Reading again after the ESC: the app's escape timeout ran out with nothing after it, so
        // it was the Escape key (typed at once, the l would have been read as the byte after it).
        #expect(session.waitForTerminalRead(reads: before + 1) != nil, "the app never read the key after ESC")
        session.type("lq")
        let (status, _) = session.finish()
        #expect(status == 0, "q after a lone Escape must quit")
        let journal = try BinaryRunner(product: "color-events").run(["journal", "--format", "plain", "--db", database])
        #expect(journal.stdout.contains("changeLeftColor"), "\(journal.stdout)")
    }

    /// A signal from another process, and the status a shell reports for it.
    static let signals: [(signal: Int32, status: Int32)] = [(SIGHUP, 129), (SIGINT, 130), (SIGTERM, 143)]

    @Test("a signal from outside gives the terminal back and exits 128 + the signal", arguments: 0..<3)
    func signal(index: Int) throws {
        let (signal, expected) = Self.signals[index]
        let directory = try TemporaryDirectory()
        let session = try PseudoTerminal(
            product: "color-events", arguments: ["run", "--seed", "3", "--db", directory.path("e.sqlite").path])
        #expect(session.waitFor(PseudoTerminal.clearScreen), "the first frame")
        // The app installs its handlers off the main thread: a signal before that would be lost.
        try session.waitForHandler(of: signal)
        let pid = try #require(session.executablePID)
        kill(pid, signal)
        let (status, screen) = session.finish()
        #expect(status == expected)
        #expect(screen.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), "the alternate screen is left and the cursor shown")
    }

    @Test("a resize redraws the panes at the new width")
    func resize() throws {
        let directory = try TemporaryDirectory()
        let session = try PseudoTerminal(
            product: "color-events", arguments: ["run", "--seed", "3", "--db", directory.path("e.sqlite").path])
        #expect(session.waitFor(PseudoTerminal.clearScreen), "the first frame")
        // As for the ending signals: a resize before the handler is installed would be ignored.
        try session.waitForHandler(of: SIGWINCH)
        let pid = try #require(session.executablePID)
        kill(pid, SIGWINCH)
        #expect(session.waitFor(PseudoTerminal.clearScreen, count: 2), "the frame drawn for the resize")
        session.type("q")
        let (status, screen) = session.finish()
        #expect(status == 0)
        // The first frame, then one more drawn for the resize: two clears of the screen.
        #expect(screen.components(separatedBy: "\u{1B}[H\u{1B}[2J").count - 1 == 2, "\(screen.debugDescription)")
    }
}
