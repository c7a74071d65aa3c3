import AppSupport
import ColorEventsEntity
import ColorEventsPresenter
import Foundation
import TerminalUI

/// How each view data looks: tables of screens, events and journal entries for people, their
/// plain records for scripts, and JSON.
enum Views {
    /// One row per screen: its state, its colour (a swatch on a colour terminal) and the selected tab.
    static func screens(_ snapshot: SceneSnapshot) -> Rendering {
        Rendering(
            text: { terminal in screenTable(snapshot, style: Style(terminal)) },
            // Screen, phase, hex, colour name, `selected` or nothing.
            plain: {
                snapshot.screens.map { screen in
                    [
                        screen.screen.rawValue, screen.phase.rawValue, screen.color?.hex ?? "", screen.colorName ?? "",
                        screen.selected ? "selected" : "",
                    ]
                }
            },
            json: { SceneJSON(snapshot) })
    }

    /// What sending did: a line per event sent with the actions it delivered, then the screens.
    static func sent(_ rows: [SentRow], screens: SceneSnapshot) -> Rendering {
        Rendering(
            text: { terminal in
                let lines = rows.map { row in
                    let actions = row.actions.isEmpty ? "no actions" : row.actions.joined(separator: ", ")
                    return "sent #\(row.sequence) \(row.event.rawValue): \(actions)"
                }
                return (lines + [screenTable(screens, style: Style(terminal))]).joined(separator: "\n")
            },
            plain: { rows.map { [String($0.sequence), $0.event.rawValue, $0.actions.joined(separator: " ")] } },
            json: { SendJSON(sent: rows, screens: SceneJSON(screens)) })
    }

    /// The event -> actions table.
    static func events(_ rows: [EventRow]) -> Rendering {
        Rendering(
            text: { terminal in
                var table = Table(columns: [.init("EVENT"), .init("ACTIONS"), .init("WHAT", flexible: true)])
                for row in rows {
                    table.append([
                        row.event.rawValue, row.actions.isEmpty ? "-" : row.actions.joined(separator: ", "),
                        row.summary,
                    ])
                }
                return table.render(style: Style(terminal), fitting: terminal.fitWidth)
            },
            plain: { rows.map { [$0.event.rawValue, $0.actions.joined(separator: " "), $0.summary] } },
            json: { rows })
    }

    /// The journal, oldest first.
    static func journal(_ rows: [JournalRow]) -> Rendering {
        Rendering(
            text: { terminal in
                guard !rows.isEmpty else {
                    return "the journal is empty; send an event with `color-events send changeBothSidesColors`"
                }
                let style = Style(terminal)
                var table = Table(columns: [
                    .init("#", alignment: .trailing), .init("SENT AT"), .init("EVENT"), .init("COLOURS"),
                ])
                for row in rows {
                    let colours = row.colors.map {
                        colourCell($0.color, name: $0.name, style: style) + " " + $0.color.hex
                    }
                    table.append([
                        String(row.sequence), row.sentAt.formatted(.iso8601), row.event.rawValue,
                        colours.joined(separator: ", "),
                    ])
                }
                return table.render(style: style)
            },
            plain: {
                rows.map { row in
                    [
                        String(row.sequence), row.sentAt.formatted(.iso8601), row.event.rawValue,
                        row.colors.map(\.color.hex).joined(separator: " "),
                    ]
                }
            },
            json: { rows })
    }

    /// A colour's name, behind a swatch of the colour itself when the terminal shows colour.
    static func colourCell(_ color: RGBColor?, name: String?, style: Style) -> String {
        guard let color, let name else { return "-" }
        return style.enabled
            ? style.background("  ", red: color.red, green: color.green, blue: color.blue) + " " + name : name
    }

    private static func screenTable(_ snapshot: SceneSnapshot, style: Style) -> String {
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
}

/// What `send --format json` prints: the events sent and the scene after them.
struct SendJSON: Encodable {
    let sent: [SentRow]
    let screens: SceneJSON
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
