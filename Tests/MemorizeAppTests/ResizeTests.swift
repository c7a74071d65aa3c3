import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `memorize play` on a (pseudo-)terminal redraws the board when the terminal is resized.
@Suite("memorize play on a terminal")
struct ResizeTests {
    @Test("a resize while the game waits for a card redraws the board at once")
    func resize() throws {
        let directory = try TemporaryDirectory()
        let game = try PseudoTerminal(
            product: "memorize",
            arguments: ["play", "--seed", "1", "--theme", "Animals", "--db", directory.path("m.sqlite").path])
        #expect(game.waitFor(PseudoTerminal.clearScreen), "the first board")
        // The handler is installed off the main thread: a resize before it would be ignored.
        try game.waitForHandler(of: SIGWINCH)
        kill(try #require(game.executablePID), SIGWINCH)
        #expect(game.waitFor(PseudoTerminal.clearScreen, count: 2), "the board drawn for the resize")
        game.type("q\n")
        let (status, screen) = game.finish()
        #expect(status == 0)
        // The first board, then the one drawn for the resize, before any card was typed.
        #expect(screen.components(separatedBy: "\u{1B}[H\u{1B}[2J").count - 1 == 2, "\(screen.debugDescription)")
        #expect(screen.contains("Bye: the game was left unfinished."))
    }
}
