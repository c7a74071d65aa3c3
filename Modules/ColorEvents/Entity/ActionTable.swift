import Core
import Foundation

/// The event -> actions map: which actions of which screens each event triggers, in order.
///
/// The seed's `actionsByEvent`, as one declarative table. An event's actions are delivered in
/// the order written here; an event with no row triggers nothing.
public struct ActionTable: Sendable {
    /// Each event's actions, in delivery order.
    public let rows: [Event: [any ScreenAction]]

    public init(_ rows: [Event: [any ScreenAction]]) { self.rows = rows }

    /// The app's table.
    public static let standard = ActionTable([
        .initial: [],
        .changeBothSidesColors: [LeftAction.changeLeftColor(.random), RightAction.changeRightColor(.random)],
        .changeLeftColor: [LeftAction.changeLeftColor(.random)],
        .changeRightColor: [RightAction.changeRightColor(.random)],
        .reset: [LeftAction.reset, CenterAction.reset, RightAction.reset, TabAction.select(.center)],
        .selectLeft: [TabAction.select(.left)],
        .selectCenter: [TabAction.select(.center)],
        .selectRight: [TabAction.select(.right)],
        .startLoading: [
            LeftAction.changeStateTo(.loading), CenterAction.changeStateTo(.loading),
            RightAction.changeStateTo(.loading),
        ],
        .finishLoading: [
            LeftAction.changeStateTo(.loaded), CenterAction.changeStateTo(.loaded), RightAction.changeStateTo(.loaded),
        ],
        .failLoading: [
            LeftAction.changeStateTo(.failed), CenterAction.changeStateTo(.failed), RightAction.changeStateTo(.failed),
        ],
    ])

    /// The actions `event` triggers, unresolved (colour changes still say `random`).
    public func actions(for event: Event) -> [any ScreenAction] { rows[event] ?? [] }

    /// The actions `event` triggered, with the colours the journal recorded put back in order.
    ///
    /// - Throws: `ColorEventsError.colorCountMismatch` when there are too few or too many colours.
    public func actions(for event: Event, recordedColors colors: [RGBColor]) throws(ColorEventsError)
        -> [any ScreenAction]
    {
        let unresolved = actions(for: event)
        var expected = 0
        for action in unresolved {
            _ = action.resolved {
                expected += 1
                return RGBColor(red: 0, green: 0, blue: 0)
            }
        }
        guard expected == colors.count else {
            throw .colorCountMismatch(event: event, expected: expected, recorded: colors.count)
        }
        var remaining = colors[...]
        return unresolved.map { action in
            // The count was checked, so every draw finds a colour.
            action.resolved { remaining.popFirst() ?? RGBColor(red: 0, green: 0, blue: 0) }
        }
    }
}

/// One sent event as the journal keeps it: when, and the colours its actions drew.
public struct JournalEntry: Sendable, Equatable, Codable {
    /// The entry's position in the journal, from 1.
    public let sequence: Int64
    /// The event.
    public let event: Event
    /// When it was sent.
    public let sentAt: Date
    /// The colours its actions drew, in action order.
    public let colors: [RGBColor]

    public init(sequence: Int64, event: Event, sentAt: Date, colors: [RGBColor]) {
        self.sequence = sequence
        self.event = event
        self.sentAt = sentAt
        self.colors = colors
    }
}
