import AppSupport
import ArgumentParser
import Core
import Foundation
import MemorizePresenter
import TerminalUI

/// `memorize play`: an interactive game, or a scripted one with `--moves`.
struct Play: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a game: type a card's number to turn it up (q quits), or script it with --moves.",
        discussion: "Example: memorize play --theme Animals --pairs 6")

    @OptionGroup var store: CommonOptions

    @Option(help: ArgumentHelp("A theme's name, or random (see `memorize themes`).", valueName: "name"))
    var theme = "random"

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("How many pairs to deal (default: the theme's own).", valueName: "n"))
    var pairs: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The seed that deals the game; the same seed deals the same game.", valueName: "n"))
    var seed: UInt64?

    @Option(
        help: ArgumentHelp(
            "Play these card numbers, comma-separated, then print the final board (no prompts).", valueName: "3,7,1,…"))
    var moves: String?

    @Option(help: OutputFormat.help)
    var format: OutputFormat = .text

    func run() async throws {
        // Checked here rather than in validate(), so a mistake is one `memorize: error:` line, not a usage page.
        let request = try ErrorWording.reporter.run {
            if format != .text && moves == nil {
                throw MessageError.usage("--format \(format.rawValue) needs --moves; the interactive game is text only")
            }
            return GameRequest(
                theme: theme, pairs: pairs, seed: seed, moves: try moves.map(Play.parseMoves), format: format)
        }
        try await GameRunner.run(request, store: store)
    }

    /// `3,7,1` as numbers; anything else is a usage error naming the bad part.
    static func parseMoves(_ text: String) throws -> [Int] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard let number = Int(trimmed) else {
                throw MessageError.usage(
                    "\(Quote.quoted(trimmed)) in --moves is not a card number; pass numbers separated by commas, like 3,7,1"
                )
            }
            return number
        }
    }
}

/// What `play` was asked to do, as a value that can cross to the main actor.
struct GameRequest: Sendable {
    let theme: String
    let pairs: Int?
    let seed: UInt64?
    let moves: [Int]?
    let format: OutputFormat
}

/// Runs a game on the main actor, where the presenter lives.
@MainActor
enum GameRunner {
    static func run(_ request: GameRequest, store: CommonOptions) async throws {
        try await ErrorWording.reporter.run {
            let presenter = try store.feature().makeGamePresenter()
            await presenter.start(theme: request.theme, pairs: request.pairs, seed: request.seed)
            _ = try presenter.state.result()
            let terminal = TerminalEnvironment.live
            if let moves = request.moves {
                try await playScripted(moves, presenter: presenter, format: request.format)
            } else {
                let clears = terminal.stdoutIsTTY && terminal.variables["TERM"] != "dumb"
                let game = InteractiveGame(
                    presenter: presenter, makeView: { BoardView(style: Style(terminal), width: terminal.fitWidth) },
                    clearsScreen: clears)
                let (input, resizes) = GameInput.stream(resizes: clears)
                defer { resizes?.cancel() }
                try await game.run(input: input)
            }
        }
    }

    /// Plays `moves` in order and prints the final board; a move the game refuses stops with its error, printing nothing.
    private static func playScripted(
        _ moves: [Int], presenter: GamePresenter, format: OutputFormat
    ) async throws {
        for move in moves {
            await presenter.choose(number: move)
            if case .refused(let error)? = try presenter.state.result().lastMove { throw error }
        }
        let data = try presenter.state.result()
        try Views.game(data).print(as: format)
        if case .notSaved(let failure)? = data.recording { throw failure.error }
    }
}

/// The data form of a scripted game's end (`--format json` and `plain`).
struct GameSummary: Encodable {
    /// One card, with the symbol the text board draws.
    struct Card: Encodable {
        let number: Int
        let face: String
        let symbol: String
        let content: String?
    }

    let theme: String
    let color: String
    let seed: UInt64
    let pairs: Int
    let score: Int
    let moves: Int
    let matchedPairs: Int
    let over: Bool
    let result: String
    let columns: Int
    let cards: [Card]

    init(_ data: GameViewData) {
        theme = data.themeName
        color = data.themeColor.name
        seed = data.seed
        pairs = data.pairs
        score = data.score
        moves = data.moves
        matchedPairs = data.matchedPairs
        over = data.isOver
        result = BoardView.result(data)
        // The grid's natural columns, whatever the terminal's width: data does not depend on where it is printed.
        columns = BoardView.columns(for: data.cards.count)
        cards = data.cards.map {
            Card(number: $0.number, face: $0.face.rawValue, symbol: BoardView.symbol($0), content: $0.content)
        }
    }

    /// One plain record: theme, seed, pairs, score, moves, matched pairs, over.
    var plainRecord: [String] {
        [theme, String(seed), String(pairs), String(score), String(moves), String(matchedPairs), String(over)]
    }
}
