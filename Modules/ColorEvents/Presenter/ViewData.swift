import ColorEventsEntity
import Core
import Foundation

/// One screen's state as view data: what it shows, never how.
public struct ScreenSnapshot: Sendable, Equatable {
    /// Which screen.
    public let screen: Screen
    /// The state machine's phase.
    public let phase: ScreenPhase
    /// The background colour, if one was set.
    public let color: RGBColor?
    /// The nearest CSS colour name, if a colour was set.
    public let colorName: String?
    /// Why the screen failed, when it did: the app words it.
    public let failure: ColorEventsError?
    /// Whether the screen's tab is selected.
    public let selected: Bool

    init(_ state: ScreenState, selected: Bool) {
        screen = state.screen
        phase = state.phase
        color = state.color
        colorName = state.color?.nearestName
        failure = state.viewState.failure.map { ($0.error as? ColorEventsError) ?? .loadingFailed(state.screen) }
        self.selected = selected
    }
}

/// Every screen's state, left to right, and the selected tab.
public struct SceneSnapshot: Sendable, Equatable {
    /// The three screens, left to right.
    public let screens: [ScreenSnapshot]
    /// The selected tab.
    public let selectedTab: Screen

    /// The view data of a scene.
    public init(_ scene: SceneState) {
        screens = Screen.allCases.map { ScreenSnapshot(scene[$0], selected: $0 == scene.selectedTab) }
        selectedTab = scene.selectedTab
    }
}

/// One row of the events table: an event and the actions it triggers.
public struct EventRow: Sendable, Equatable, Codable {
    /// The event.
    public let event: Event
    /// What a button that sends it says (`Event.title`).
    public let title: String
    /// The actions, in delivery order, as `Audience.action` (the table's own notation).
    public let actions: [String]
    /// What the event stands for.
    public let summary: String
}

/// A colour and its nearest CSS name.
public struct NamedColor: Sendable, Equatable, Codable {
    /// The colour (`"hex"` in JSON, as `#RRGGBB`).
    public let color: RGBColor
    /// The nearest CSS colour name.
    public let name: String

    init(_ color: RGBColor) {
        self.color = color
        name = color.nearestName
    }

    private enum CodingKeys: String, CodingKey {
        case color = "hex"
        case name
    }
}

/// One journal entry as view data.
public struct JournalRow: Sendable, Equatable, Codable {
    /// The entry's sequence number.
    public let sequence: Int64
    /// The event.
    public let event: Event
    /// When it was sent.
    public let sentAt: Date
    /// The colours it drew.
    public let colors: [NamedColor]

    init(_ entry: JournalEntry) {
        sequence = entry.sequence
        event = entry.event
        sentAt = entry.sentAt
        colors = entry.colors.map(NamedColor.init)
    }
}

/// One sent event: its journal number and the actions delivered.
public struct SentRow: Sendable, Equatable, Codable {
    /// The entry's sequence number.
    public let sequence: Int64
    /// The event.
    public let event: Event
    /// The actions delivered, as `Audience.action`, colours drawn.
    public let actions: [String]
}

extension ScreenAction {
    /// `Left.changeLeftColor(#FF6347)`: who hears the action, and the action.
    var qualifiedName: String { "\(Self.audience).\(name)" }
}
