import ArgumentParser
import Core
import Foundation
import MemorizePresenter
import TerminalUI

/// `memorize play`: an interactive game, or a scripted one with `--moves`.
struct Play: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Play a game: type a card's number to turn it up (q quits), or script it with --moves.")

    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("A theme's name, or random (see `memorize themes`).", valueName: "name"))
    var theme = "random"

    @Option(help: ArgumentHelp("How many pairs to deal (default: the theme's own).", valueName: "n"))
    var pairs: Int?

    @Option(help: ArgumentHelp("The seed that deals the game; the same seed deals the same game.", valueName: "n"))
    var seed: UInt64?

    @Option(help: ArgumentHelp("Play these card numbers, comma-separated, then print the final board (no prompts).", valueName: "3,7,1,…"))
    var moves: String?

    @Option(help: "With --moves: text or json.")
    var format: OutputFormat = .text

    func run() async throws {
        // Checked here rather than in validate(), so a mistake is one `memorize: error:` line, not a usage page.
        let request = try Console.reporting {
            if format == .json && moves == nil {
                throw MessageError.usage("--format json needs --moves; the interactive game is text only")
            }
            return GameRequest(theme: theme, pairs: pairs, seed: seed, moves: try moves.map(Play.parseMoves), format: format)
        }
        try await GameRunner.run(request, store: store)
    }

    /// `3,7,1` as numbers; anything else is a usage error naming the bad part.
    static func parseMoves(_ text: String) throws -> [Int] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard let number = Int(trimmed) else {
                throw MessageError.usage("'\(trimmed)' in --moves is not a card number; pass numbers separated by commas, like 3,7,1")
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
    static func run(_ request: GameRequest, store: StoreOptions) throws {
        try Console.reporting {
            let presenter = try store.factory().makeGamePresenter()
            try presenter.start(theme: request.theme, pairs: request.pairs, seed: request.seed)
            let terminal = TerminalEnvironment.live
            let view = BoardView(style: Style(terminal))
            if let moves = request.moves {
                try playScripted(moves, presenter: presenter, view: view, format: request.format)
            } else {
                let clears = terminal.stdoutIsTTY && terminal.variables["TERM"] != "dumb"
                try InteractiveGame(presenter: presenter, view: view, clearsScreen: clears).run { readLine() }
            }
        }
    }

    /// Plays `moves` in order and prints the final board; a move with no card stops with its error.
    private static func playScripted(_ moves: [Int], presenter: MemorizePresenter, view: BoardView, format: OutputFormat) throws {
        for move in moves { try presenter.choose(number: move) }
        guard let data = presenter.state.value else {
            throw presenter.state.failure?.error ?? MessageError(.internal, "the game did not start")
        }
        switch format {
        case .text: Console.write(view.summary(data))
        case .json: Console.write(try JSONOutput.string(GameSummary(data)) + "\n")
        }
        if let error = presenter.recordingError { throw error }
    }
}

/// The JSON form of a scripted game's end.
struct GameSummary: Encodable {
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
    let cards: [CardCell]

    init(_ data: MemorizeViewData) {
        theme = data.themeName
        color = data.themeColor.name
        seed = data.seed
        pairs = data.pairs
        score = data.score
        moves = data.moves
        matchedPairs = data.matchedPairs
        over = data.isOver
        result = data.resultLine
        columns = data.rows.first?.count ?? 0
        cards = data.rows.flatMap { $0 }
    }
}
