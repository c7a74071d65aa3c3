import ColorEventsEntity
import ColorEventsPresenter
import Foundation
import TerminalUI

/// The app's text output: tables of screens, events and journal entries.
enum Output {
    /// One row per screen: its state, its colour (a swatch on a colour terminal) and the selected tab.
    static func screens(_ snapshot: SceneSnapshot, style: Style) -> String {
        var table = Table(columns: [.init("SCREEN"), .init("STATE"), .init("COLOUR"), .init("HEX"), .init("TAB")])
        for screen in snapshot.screens {
            table.append([
                screen.screen, screen.phase, colourCell(hex: screen.color, name: screen.colorName, style: style),
                screen.color ?? "-", screen.selected ? "selected" : "",
            ])
        }
        return table.render(style: style)
    }

    /// One line per sent event: its number and the actions it delivered.
    static func sent(_ rows: [SentRow]) -> String {
        rows.map { row in
            let actions = row.actions.isEmpty ? "no actions" : row.actions.joined(separator: ", ")
            return "sent #\(row.sequence) \(row.event): \(actions)"
        }.joined(separator: "\n")
    }

    /// The event -> actions table.
    static func events(_ rows: [EventRow], style: Style) -> String {
        var table = Table(columns: [.init("EVENT"), .init("ACTIONS"), .init("WHAT")])
        for row in rows {
            table.append([row.event, row.actions.isEmpty ? "-" : row.actions.joined(separator: ", "), row.summary])
        }
        return table.render(style: style)
    }

    /// The journal, oldest first.
    static func journal(_ rows: [JournalRow], style: Style) -> String {
        guard !rows.isEmpty else { return "the journal is empty; send an event with `color-events send changeBothSidesColors`" }
        var table = Table(columns: [.init("#", alignment: .trailing), .init("SENT AT"), .init("EVENT"), .init("COLOURS")])
        let formatter = ISO8601DateFormatter()
        for row in rows {
            let colours = row.colors.map { colourCell(hex: $0.hex, name: $0.name, style: style) + " " + $0.hex }
            table.append([String(row.sequence), formatter.string(from: row.sentAt), row.event, colours.joined(separator: ", ")])
        }
        return table.render(style: style)
    }

    /// A colour's name, behind a swatch of the colour itself when the terminal shows colour.
    static func colourCell(hex: String?, name: String?, style: Style) -> String {
        guard let hex, let name, let color = RGBColor(hex: hex) else { return "-" }
        return style.enabled ? style.background("  ", red: color.red, green: color.green, blue: color.blue) + " " + name : name
    }
}
