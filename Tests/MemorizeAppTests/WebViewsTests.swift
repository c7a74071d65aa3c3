import Core
import Foundation
import MemorizeEntity
import MemorizeFactory
import MemorizePresenter
import TerminalUI
import Testing

@testable import MemorizeApp

/// A game of Animals (seed 2024) part of the way: some pairs matched, one card face up, the rest face down.
@MainActor
private func board(moves: [Int]) async throws -> GameViewData {
    let presenter = try MemorizeFactory.inMemory().makeGamePresenter()
    await presenter.start(theme: "Animals", seed: 2024)
    for move in moves { await presenter.choose(number: move) }
    return try #require(presenter.state.value)
}

@Suite("memorize web views")
@MainActor
struct WebViewsTests {
    @Test("a board as text and as HTML shows the same cards, faces, figures and title")
    func sameFacts() async throws {
        let board = try await board(moves: [1, 2, 3, 4, 5, 6, 7, 3, 8])
        #expect(board.cards.contains { $0.face == .gone } && board.cards.contains { $0.face == .up })
        let text = Views.game(board).text(TerminalEnvironment(stdoutIsTTY: false, stderrIsTTY: false))
        let html = WebViews.game(board, id: "g1").render()
        // The title and figures line: the same words in both.
        let status =
            "score \(board.score) · moves \(board.moves) · matched \(board.matchedPairs)/\(board.pairs) · seed 2024"
        #expect(text.hasPrefix("Animals · " + status))
        #expect(html.contains("<title>Animals — Memorize</title>"))
        #expect(html.contains(" \(status)</p>"))
        // Every card, by number, with what it shows: the text grid's cells are the page's buttons.
        for card in board.cards {
            let shown = BoardView.symbol(card)
            #expect(text.contains("\(card.number) \(shown)".trimmingTrailingSpaces))
            let button = Self.button(card.number, in: html)
            #expect(button.contains("class=\"card \(card.face.rawValue)\""))
            #expect(button.contains(">\(card.number)</span>"))
            #expect(button.contains("<span class=\"face\">\(card.face == .up ? card.content ?? "" : "")</span>"))
            // Only a face-down card can be chosen.
            #expect(button.contains(" aria-disabled=\"true\"") == (card.face != .down))
        }
        // What is up shows in both; what is matched or down shows in neither.
        for card in board.cards {
            let content = try #require(card.content ?? (card.face == .down ? "" : nil))
            guard !content.isEmpty else { continue }
            #expect(text.contains(content) == (card.face == .up))
            #expect(html.contains(content) == (card.face == .up))
        }
        // The grid has the text board's natural columns.
        // The grid has the text board's natural columns, and its rows, which size it to the viewport.
        #expect(html.contains("board columns-\(BoardView.columns(for: board.cards.count)) rows-4"))
    }

    @Test("a finished game's page says game over with its rank, in the terminal's words, and shows no cleared grid")
    func gameOver() async throws {
        let over = try await board(moves: [1, 2, 3, 4, 5, 6, 7, 3, 8, 2, 9, 10, 11, 4, 12, 13, 14, 9, 15, 1, 16, 10])
        let html = WebViews.game(over, id: "g2").render()
        let line = "Game over: all 8 pairs matched in 22 moves, score 16. Rank #1 for Animals."
        #expect(BoardView.gameOver(over) == line)
        #expect(html.contains(line))
        let last = try #require(over.lastMove.flatMap(BoardView.interactiveMessage))
        #expect(last.hasPrefix("Match! "))
        #expect(html.contains(last))
        // The cleared grid gives way to the result; "Deal again" takes the focus.
        #expect(!html.contains("class=\"board") && !html.contains("id=\"card-1\""))
        #expect(html.contains(#"id="deal-again""#) && html.contains(" autofocus"))
    }

    @Test("a theme name with markup is text in the page, in the title, a cell and an attribute")
    func escaping() async throws {
        let hostile = #""><script>alert(1)</script>"#
        let theme = try Theme(
            name: hostile, contents: ["🐶", "🐱"], pairs: 2, color: ThemeColor(name: "red", red: 255, green: 0, blue: 0))
        let presenter = MemorizeFactory.inMemory(themes: [theme]).makeThemeListPresenter()
        await presenter.load()
        let themes = try #require(presenter.state.value)
        let html = WebViews.themes(themes).render()
        #expect(!html.contains("<script>"))
        #expect(html.contains("value=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }

    /// The `<button …>…</button>` of card `number`.
    static func button(_ number: Int, in html: String) -> String {
        guard let start = html.range(of: "<button type=\"submit\" name=\"card\" value=\"\(number)\""),
            let end = html[start.upperBound...].range(of: "</button>")
        else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }
}
