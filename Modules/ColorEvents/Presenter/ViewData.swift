import Core
import ColorEventsEntity
import Foundation

/// One screen's state as the app prints it.
public struct ScreenSnapshot: Sendable, Equatable, Codable {
    /// `left`, `center` or `right`.
    public let screen: String
    /// The state machine's phase: `initial`, `loading`, `loaded` or `failed`.
    public let phase: String
    /// The background colour as `#RRGGBB`, if one was set.
    public let color: String?
    /// The nearest CSS colour name, if a colour was set.
    public let colorName: String?
    /// The failure message, when failed.
    public let message: String?
    /// Whether the screen's tab is selected.
    public let selected: Bool

    init(_ state: ScreenState, selected: Bool) {
        screen = state.screen.rawValue
        phase = state.phase.rawValue
        color = state.color?.hex
        colorName = state.color?.nearestName
        message = state.viewState.failure.map { MessageError.describe($0.error) }
        self.selected = selected
    }
}

/// Every screen's state as the app prints it, left to right.
public struct SceneSnapshot: Sendable, Equatable, Codable {
    /// The three screens, left to right.
    public let screens: [ScreenSnapshot]
    /// The selected tab.
    public let selectedTab: String

    /// The snapshot of a scene.
    public init(_ scene: SceneState) {
        screens = Screen.allCases.map { ScreenSnapshot(scene[$0], selected: $0 == scene.selectedTab) }
        selectedTab = scene.selectedTab.rawValue
    }
}

/// One row of the events table: an event and the actions it triggers.
public struct EventRow: Sendable, Equatable, Codable {
    /// The event's name.
    public let event: String
    /// The actions, in delivery order, as `Audience.action`.
    public let actions: [String]
    /// What the event stands for.
    public let summary: String
}

/// A colour as printed: its hex code and nearest CSS name.
public struct NamedColor: Sendable, Equatable, Codable {
    /// `#RRGGBB`.
    public let hex: String
    /// The nearest CSS colour name.
    public let name: String

    init(_ color: RGBColor) {
        hex = color.hex
        name = color.nearestName
    }

    /// `tomato #FF6347`.
    public var text: String { "\(name) \(hex)" }
}

/// One journal entry as printed.
public struct JournalRow: Sendable, Equatable, Codable {
    /// The entry's sequence number.
    public let sequence: Int64
    /// The event's name.
    public let event: String
    /// When it was sent.
    public let sentAt: Date
    /// The colours it drew.
    public let colors: [NamedColor]

    init(_ entry: JournalEntry) {
        sequence = entry.sequence
        event = entry.event.rawValue
        sentAt = entry.sentAt
        colors = entry.colors.map(NamedColor.init)
    }
}

/// One sent event as printed: its journal number and the actions delivered.
public struct SentRow: Sendable, Equatable, Codable {
    /// The entry's sequence number.
    public let sequence: Int64
    /// The event's name.
    public let event: String
    /// The actions delivered, as `Audience.action`, colours drawn.
    public let actions: [String]
}

extension ScreenAction {
    /// `Left.changeLeftColor(#FF6347)`: who hears the action, and the action.
    var qualifiedName: String { "\(Self.audience).\(name)" }
}
