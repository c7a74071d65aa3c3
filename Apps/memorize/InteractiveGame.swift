import Core
import Foundation
import MemorizePresenter
import Observation
import Synchronization

/// The interactive loop: draw, read a line, hand it to the presenter, and redraw when its state changed.
///
/// Redraws are driven by the presenter: each drawing reads `presenter.state` inside
/// `withObservationTracking`, and only a change to that state marks the screen stale.
@MainActor
struct InteractiveGame {
    let presenter: GamePresenter
    let view: BoardView
    let clearsScreen: Bool

    /// Plays until the game is over, `q`, or the end of input; throws a failed deal, or a finished game that was not saved.
    func run(readLine: () -> String?) throws {
        let stale = StaleFlag()
        draw(marking: stale)
        while let data = presenter.state.value, !data.isOver {
            Console.write(BoardView.prompt(data))
            guard let line = readLine() else {
                Console.write("\nEnd of input: the game was left unfinished.\n")
                return
            }
            if !clearsScreen { Console.write("\n") }
            switch line.trimmingCharacters(in: .whitespaces).lowercased() {
            case "q", "quit":
                Console.write("Bye: the game was left unfinished.\n")
                return
            case "":
                continue
            case "r", "restart":
                presenter.restart()
            default:
                // A line that is no card becomes the view data's last move; the game goes on.
                presenter.choose(input: line)
            }
            if stale.take() { draw(marking: stale) }
        }
        if case .notSaved(let failure)? = try presenter.state.result().recording { throw failure.error }
    }

    private func draw(marking stale: StaleFlag) {
        let screen = withObservationTracking {
            presenter.state.value.map(view.screen)
        } onChange: {
            stale.mark()
        }
        guard let screen else { return }
        Console.write((clearsScreen ? "\u{1B}[H\u{1B}[2J" : "") + screen)
    }
}

/// Set by an observation callback (which may run on any thread), read and cleared by the loop.
final class StaleFlag: Sendable {
    private let value = Mutex(false)

    /// Marks the screen as needing a redraw.
    func mark() { value.withLock { $0 = true } }

    /// Whether the screen needs a redraw; clears the mark.
    func take() -> Bool {
        value.withLock { stale in
            defer { stale = false }
            return stale
        }
    }
}
