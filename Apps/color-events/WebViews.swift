import ColorEventsEntity
import ColorEventsPresenter
import Foundation
import Plot
import WebSupport

/// How each view data looks in a browser: the same facts `Views` prints, as HTML.
///
/// Each screen is painted with an SVG fill (allowed by the pages' style policy, where an inline
/// style is not) and names its colour in words, so the colour is never the only way to tell.
enum WebViews {
    /// The site: its name, the links every page shows, and its stylesheet.
    static let site = WebSite(
        name: "ColorEvents",
        navigation: [
            .init("Screens", path: "/"), .init("Journal", path: "/journal"),
            .init("Replay", path: "/replay"),
        ],
        stylesheets: [WebStyle.path], words: WebWording.messages(for:))
    /// Where the screens page's live region streams its updates.
    static let livePath = "/screens/live"

    /// The screens side by side, live, and a button per event.
    static func scene(_ snapshot: SceneSnapshot, events: [EventRow], problem: String? = nil) -> WebPage {
        site.page(
            "Screens", path: "/",
            [
                .p("One event, many actions: each screen hears only its own."),
                .unwrap(problem) { .p(.class("error"), .attribute(named: "role", value: "alert"), .plainText($0)) },
                // A screen reader hears which screens changed colour, not every screen again.
                .p(.id("screens-news"), .class("visually-hidden"), .attribute(named: "role", value: "status")),
                .div(
                    .id("screens"), .data(named: "live", value: livePath),
                    .data(named: "live-announce", value: "screens-news"), screens(snapshot, live: true)),
                .form(
                    .method(.post), .action("/events"), .class("events"),
                    .attribute(named: "aria-labelledby", value: "send-heading"),
                    .h2(.id("send-heading"), "Send an event"),
                    // An event no screen hears (the subject's first value) would be a button that does nothing.
                    .ul(
                        .forEach(events.filter { !$0.actions.isEmpty }) { row in
                            .li(
                                .button(
                                    .type(.submit), .name("event"), .value(row.event.rawValue),
                                    .id("send-\(row.event.rawValue)"), .text(row.title)),
                                .span(.class("muted"), .plainText(" " + row.summary)))
                        })),
            ])
    }

    /// The journal, oldest first, each entry with the colours it drew.
    static func journal(_ rows: [JournalRow]) -> WebPage {
        site.page(
            "Journal", path: "/journal",
            [
                rows.isEmpty
                    ? .p(.plainText(WebWording.emptyJournal))
                    : .table(
                        .class("cards"),
                        .thead(.tr(.th(.class("number"), "#"), .th("Sent at"), .th("Event"), .th("Colours"))),
                        .tbody(
                            .forEach(rows) { row in
                                .tr(
                                    .td(
                                        .class("number"), .data(named: "label", value: "#"), .text(String(row.sequence))
                                    ),
                                    .td(.data(named: "label", value: "Sent at"), .text(row.sentAt.formatted(.iso8601))),
                                    .td(.data(named: "label", value: "Event"), .text(row.event.rawValue)),
                                    .td(
                                        .data(named: "label", value: "Colours"),
                                        .forEach(row.colors) { named in
                                            .span(
                                                .class("colour"), swatch(named.color),
                                                .plainText(" \(named.name) \(named.color.hex) "))
                                        }))
                            })),
                .p(.a(.href("/replay"), "Replay the journal")),
            ])
    }

    /// The screens as the journal alone rebuilds them.
    static func replayed(_ snapshot: SceneSnapshot) -> WebPage {
        site.page(
            "Replay", path: "/replay",
            [.p("Every screen rebuilt from the journal alone."), screens(snapshot, live: false)])
    }

    /// The three screens, left to right; the live ones carry the ids the screens page's region keeps.
    static func screens(_ snapshot: SceneSnapshot, live: Bool) -> Node<HTML.BodyContext> {
        .div(.class("screens"), .forEach(snapshot.screens) { screen($0, live: live) })
    }

    private static func screen(_ screen: ScreenSnapshot, live: Bool) -> Node<HTML.BodyContext> {
        let id = "\(live ? "screen" : "replayed")-\(screen.screen.rawValue)"
        let colour = screen.color.map { "\(screen.colorName ?? $0.nearestName) \($0.hex)" }
        return .section(
            .id(id), .class("screen\(screen.selected ? " selected" : "")"),
            .if(live, .escaped("data-announce", "\(screen.screen.title): \(colour ?? "no colour yet").")),
            .attribute(named: "aria-labelledby", value: "\(id)-title"),
            // No colour yet is an empty, outlined pane: a white fill would vanish on a white page.
            screen.color.map { .colourFill($0.hex, className: "paint", width: 100, height: 40, stretch: true) }
                ?? .div(.class("paint empty"), .attribute(named: "aria-hidden", value: "true")),
            .h2(.id("\(id)-title"), .text(screen.screen.title)),
            .p(.class("colour"), .plainText(colour ?? "No colour yet")),
            .p(.class("phase"), .text("state: \(screen.phase.rawValue)")),
            .if(screen.selected, .p(.class("tab"), .text("selected tab"))),
            .unwrap(screen.failure) { .p(.class("error"), .plainText(site.line(for: $0))) })
    }

    /// A square of `color`, as an SVG fill.
    static func swatch(_ color: RGBColor) -> Node<HTML.BodyContext> {
        .colourFill(color.hex, className: "swatch")
    }

}
