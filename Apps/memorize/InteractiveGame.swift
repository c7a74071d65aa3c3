import AppSupport
import Core
import Foundation
import MemorizePresenter
import TerminalUI

/// The interactive loop: draw, read a line, hand it to the presenter, and redraw when its state changed.
///
/// Redraws are driven by the presenter: each drawing reads `presenter.state` inside
/// `withObservationTracking`, and only a change to that state marks the screen stale. A resized
/// terminal (SIGWINCH) draws the board again at its new width.
@MainActor
struct InteractiveGame {
    let presenter: GamePresenter
    /// The board view for the terminal's current width; asked again after each resize.
    let makeView: @MainActor () -> BoardView
    let clearsScreen: Bool

    /// Plays until the game is over, `q`, or the end of input; throws a failed deal, or a finished game that was not saved.
    func run(input: AsyncStream<GameInput>) async throws {
        let frame = ObservedFrame()
        var view = makeView()
        try draw(view, tracking: frame)
        var lines = input.makeAsyncIterator()
        while let data = presenter.state.value, !data.isOver {
            try StandardOutput.write(BoardView.prompt(data))
            var next = await lines.next()
            while case .resize? = next {
                view = makeView()
                try draw(view, tracking: frame)
                try StandardOutput.write(BoardView.prompt(data))
                next = await lines.next()
            }
            guard case .line(let line)? = next else {
                try StandardOutput.write("\nEnd of input: the game was left unfinished.\n")
                return
            }
            if !clearsScreen { try StandardOutput.write("\n") }
            switch line.trimmingCharacters(in: .whitespaces).lowercased() {
            case "q", "quit":
                try StandardOutput.write("Bye: the game was left unfinished.\n")
                return
            case "":
                continue
            case "r", "restart":
                await presenter.restart()
            default:
                // A line that is no card becomes the view data's last move; the game goes on.
                await presenter.choose(input: line)
            }
            if frame.takeChange() { try draw(view, tracking: frame) }
        }
        if case .notSaved(let failure)? = try presenter.state.result().recording { throw failure.error }
    }

    private func draw(_ view: BoardView, tracking frame: ObservedFrame) throws {
        let screen = frame.draw { presenter.state.value.map(view.screen) }
        guard let screen else { return }
        try StandardOutput.write((clearsScreen ? "\u{1B}[H\u{1B}[2J" : "") + screen)
    }
}

/// What the game waits for: a line typed, or the terminal resized.
enum GameInput: Sendable {
    case line(String)
    case resize

    /// Standard input's lines, read on a thread of their own (reads block), and with `resizes`
    /// a `.resize` for each SIGWINCH, so a resize is drawn while the game waits for a line.
    ///
    /// Returns the signal source too: the caller keeps it (and so the resizes) alive while it plays.
    static func stream(resizes: Bool) -> (AsyncStream<GameInput>, (any DispatchSourceSignal)?) {
        let (stream, continuation) = AsyncStream.makeStream(of: GameInput.self)
        var source: (any DispatchSourceSignal)?
        if resizes {
            signal(SIGWINCH, SIG_IGN)
            let resized = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .global())
            resized.setEventHandler { continuation.yield(.resize) }
            resized.resume()
            source = resized
        }
        Thread {
            while let line = readLine() { continuation.yield(.line(line)) }
            continuation.finish()
        }.start()
        return (stream, source)
    }
}
