import AppSupport
import ColorEventsEntity
import ColorEventsPresenter
import Foundation
import TerminalUI

/// The app's output: tables of screens, events and journal entries, their plain lines and JSON.
enum Output {
    /// One row per screen: its state, its colour (a swatch on a colour terminal) and the selected tab.
    static func screens(_ snapshot: SceneSnapshot, style: Style) -> String {
        var table = Table(columns: [.init("SCREEN"), .init("STATE"), .init("COLOUR"), .init("HEX"), .init("TAB")])
        for screen in snapshot.screens {
            table.append([
                screen.screen.rawValue, screen.phase.rawValue,
                colourCell(screen.color, name: screen.colorName, style: style),
                screen.color?.hex ?? "-", screen.selected ? "selected" : "",
            ])
        }
        return table.render(style: style)
    }

    /// The screens as plain records: screen, phase, hex, colour name, `selected` or nothing.
    static func plainScreens(_ snapshot: SceneSnapshot) -> [[String]] {
        snapshot.screens.map { screen in
            [
                screen.screen.rawValue, screen.phase.rawValue, screen.color?.hex ?? "", screen.colorName ?? "",
                screen.selected ? "selected" : "",
            ]
        }
    }

    /// One line per sent event: its number and the actions it delivered.
    static func sent(_ rows: [SentRow]) -> String {
        rows.map { row in
            let actions = row.actions.isEmpty ? "no actions" : row.actions.joined(separator: ", ")
            return "sent #\(row.sequence) \(row.event.rawValue): \(actions)"
        }.joined(separator: "\n")
    }

    /// The event -> actions table.
    static func events(_ rows: [EventRow], style: Style) -> String {
        var table = Table(columns: [.init("EVENT"), .init("ACTIONS"), .init("WHAT")])
        for row in rows {
            table.append([
                row.event.rawValue, row.actions.isEmpty ? "-" : row.actions.joined(separator: ", "), row.summary,
            ])
        }
        return table.render(style: style)
    }

    /// The journal, oldest first.
    static func journal(_ rows: [JournalRow], style: Style) -> String {
        guard !rows.isEmpty else {
            return "the journal is empty; send an event with `color-events send changeBothSidesColors`"
        }
        var table = Table(columns: [
            .init("#", alignment: .trailing), .init("SENT AT"), .init("EVENT"), .init("COLOURS"),
        ])
        for row in rows {
            let colours = row.colors.map { colourCell($0.color, name: $0.name, style: style) + " " + $0.color.hex }
            table.append([
                String(row.sequence), row.sentAt.formatted(.iso8601), row.event.rawValue,
                colours.joined(separator: ", "),
            ])
        }
        return table.render(style: style)
    }

    /// A colour's name, behind a swatch of the colour itself when the terminal shows colour.
    static func colourCell(_ color: RGBColor?, name: String?, style: Style) -> String {
        guard let color, let name else { return "-" }
        return style.enabled
            ? style.background("  ", red: color.red, green: color.green, blue: color.blue) + " " + name : name
    }

    /// Prints records for scripts: tab-separated fields, one record a line, no header, nothing cut.
    static func printPlain(_ records: [[String]]) {
        for record in records { print(record.joined(separator: "\t")) }
    }
}

/// A scene as JSON: the fields the app has always printed, the failure worded.
struct SceneJSON: Encodable {
    let screens: [ScreenJSON]
    let selectedTab: String

    init(_ snapshot: SceneSnapshot) {
        screens = snapshot.screens.map(ScreenJSON.init)
        selectedTab = snapshot.selectedTab.rawValue
    }
}

/// One screen as JSON.
struct ScreenJSON: Encodable {
    let screen: String
    let phase: String
    let color: String?
    let colorName: String?
    /// The failure's line, when failed.
    let message: String?
    let selected: Bool

    init(_ screen: ScreenSnapshot) {
        self.screen = screen.screen.rawValue
        phase = screen.phase.rawValue
        color = screen.color?.hex
        colorName = screen.colorName
        message = screen.failure.map { ErrorWording.reporter.message(for: $0) }
        selected = screen.selected
    }
}
