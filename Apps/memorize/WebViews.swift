import MemorizeEntity
import MemorizePresenter
import Plot
import WebSupport

/// How each view data looks in a browser: the same facts `Views` prints, as HTML.
///
/// Cards are buttons of one form, so a click, or Tab and Enter, turns one up without any script;
/// colour only marks what the words already say.
enum WebViews {
    /// The site: its name, the links every page shows, and its stylesheet.
    static let site = WebSite(
        name: "Memorize",
        navigation: [.init("New game", path: "/"), .init("High scores", path: "/scores")],
        stylesheets: [WebStyle.path], words: WebWording.messages(for:))

    /// The theme choice: a form that deals a game, and the themes with their colours and emoji.
    static func themes(_ data: ThemeListViewData, form: FormState = FormState()) -> WebPage {
        let rows = data.rows
        return site.page(
            "New game", path: "/",
            [
                .p("Turn cards two at a time and match the pairs."),
                .unwrap(form.problem) {
                    .p(.class("error"), .attribute(named: "role", value: "alert"), .plainText($0))
                },
                dealForm(form, themes: rows.map(\.name)),
                .table(
                    .caption("Themes"),
                    .thead(
                        .tr(
                            .th("Theme"), .th(.class("number"), "Pairs"), .th(.class("number"), "Max"), .th("Colour"),
                            .th("Emoji"))),
                    .tbody(
                        .forEach(rows) { row in
                            .tr(
                                .td(swatch(row.color), .plainText(" " + row.name)),
                                .td(.class("number"), .text(String(row.pairs))),
                                .td(.class("number"), .text(String(row.maxPairs))), .td(.plainText(row.color.name)),
                                .td(.plainText(row.emoji.joined(separator: " "))))
                        })),
            ])
    }

    /// The deal form, with what was typed and each field's error; the first field with one has the focus.
    private static func dealForm(_ form: FormState, themes: [String]) -> Node<HTML.BodyContext> {
        let errors = form.errors
        return .form(
            .method(.post), .action("/games"), .class("stacked deal"), .novalidate(),
            .field(
                "theme", label: "Theme", error: errors["theme"],
                .select(
                    .id("theme"), .attribute(named: "name", value: "theme"),
                    .invalid(errors["theme"], describing: "theme"),
                    .focusIfFirst(errors, "theme"), option("random", chosen: form["theme"]),
                    .forEach(themes) { option($0, chosen: form["theme"]) })),
            .field(
                "pairs", label: "Pairs (empty: the theme's own)", error: errors["pairs"],
                .input(
                    .id("pairs"), .name("pairs"), .type(.number), .attribute(named: "min", value: "2"),
                    .escaped("value", form["pairs"]), .invalid(errors["pairs"]),
                    .describedBy(errors["pairs"], "pairs"), .focusIfFirst(errors, "pairs"))),
            .field(
                "seed", label: "Seed (the same seed deals the same game)", error: errors["seed"],
                .input(
                    .id("seed"), .name("seed"), .type(.number), .attribute(named: "min", value: "0"),
                    .escaped("value", form["seed"]), .invalid(errors["seed"]),
                    .describedBy(errors["seed"], "seed"),
                    .focusIfFirst(errors, "seed"))),
            .button(.type(.submit), .id("deal"), .text("Deal")))
    }

    /// The game: figures, what the last move did, the card grid, and the game-over line.
    ///
    /// The grid is sized to the viewport's height by its rows and columns (`WebStyle`), so the
    /// last row and "Deal again" are on screen; once the game is over the cleared grid gives way
    /// to the result and "Deal again", which takes the focus.
    static func game(_ data: GameViewData, id: String) -> WebPage {
        let columns = BoardView.columns(for: data.cards.count)
        let rows = (data.cards.count + columns - 1) / max(columns, 1)
        return site.page(
            data.themeName, path: "/games/\(id)",
            [
                .p(.class("status"), .id("status"), swatch(data.themeColor), .plainText(" " + BoardView.status(data))),
                .div(
                    .id("message"), .attribute(named: "role", value: "status"),
                    .unwrap(data.lastMove.flatMap(WebWording.message)) { .p(.class("notice"), .plainText($0)) },
                    .unwrap(WebWording.gameOver(data)) { .p(.class("notice game-over"), .strong(.plainText($0))) }),
                .if(
                    !data.isOver,
                    .form(
                        .method(.post), .action("/games/\(id)/choose"),
                        .attribute(named: "aria-label", value: "Cards"),
                        .div(.class("board columns-\(columns) rows-\(rows)"), .forEach(data.cards) { card($0) }))),
                .form(
                    .method(.post), .action("/games/\(id)/restart"),
                    .button(
                        .type(.submit), .id("deal-again"), .class(data.isOver ? "" : "secondary"),
                        .if(data.isOver, .attribute(named: "autofocus")), .text("Deal again"))),
            ])
    }

    /// The best games per theme, or what to do when there are none.
    static func scores(_ data: ScoreBoardViewData, theme: String?) -> WebPage {
        let rows = data.rows
        return site.page(
            "High scores", path: "/scores",
            [
                rows.isEmpty
                    ? .p(.plainText(WebWording.noScores(theme: theme)))
                    : .table(
                        .class("cards"),
                        .thead(
                            .tr(
                                .th("Theme"), .th(.class("number"), "Rank"), .th(.class("number"), "Score"),
                                .th(.class("number"), "Moves"), .th(.class("number"), "Pairs"),
                                .th(.class("number"), "Seed"), .th("Finished (UTC)"))),
                        .tbody(
                            .forEach(rows) { row in
                                .tr(
                                    cell("Theme", row.theme), cell("Rank", "#\(row.rank)", number: true),
                                    cell("Score", String(row.score), number: true),
                                    cell("Moves", String(row.moves), number: true),
                                    cell("Pairs", String(row.pairs), number: true),
                                    cell("Seed", String(row.seed), number: true), cell("Finished (UTC)", row.date))
                            }))
            ])
    }

    /// A square of `color`: an SVG fill, which the pages' style policy allows where an inline style is not.
    static func swatch(_ color: ThemeColor) -> Node<HTML.BodyContext> {
        .colourFill(color.hex, className: "swatch")
    }

    /// A table cell that names its column on a phone, where the table stacks.
    private static func cell(_ label: String, _ value: String, number: Bool = false) -> Node<HTML.TableRowContext> {
        .td(.if(number, .class("number")), .attribute(named: "data-label", value: label), .plainText(value))
    }

    /// An `<option>` whose text is its value (Plot's own option has no text), selected when it is `chosen`.
    private static func option(_ text: String, chosen: String) -> Node<HTML.SelectContext> {
        .element(
            named: "option",
            nodes: [.escaped("value", text), .if(text == chosen, .attribute(named: "selected")), .plainText(text)])
    }

    /// One card: a button that turns it up, labelled with its number and what it shows.
    private static func card(_ card: CardCell) -> Node<HTML.FormContext> {
        let shown: String
        let label: String
        switch card.face {
        case .down: (shown, label) = ("", "Card \(card.number), face down")
        case .up: (shown, label) = (card.content ?? "", "Card \(card.number), \(card.content ?? "")")
        case .gone: (shown, label) = ("", "Card \(card.number), matched")
        }
        return .button(
            .type(.submit), .name("card"), .value(String(card.number)), .class("card \(card.face.rawValue)"),
            .id("card-\(card.number)"), .escaped("aria-label", label),
            // aria-disabled, not disabled: a card just turned up keeps the focus the page gives it back
            // (choosing it again changes nothing, as in the game).
            .if(card.face != .down, .attribute(named: "aria-disabled", value: "true")),
            .span(.class("number"), .text(String(card.number))),
            .span(.class("face"), .plainText(shown)))
    }
}

extension ThemeColor {
    /// `#rrggbb`.
    var hex: String {
        "#"
            + [red, green, blue].map { byte in
                let digits = String(byte, radix: 16)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }
}
