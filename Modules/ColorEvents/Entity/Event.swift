import Core

/// Something that happened: a button pressed, a key typed, a screen that finished loading.
///
/// An event says nothing about who reacts; `ActionTable` maps it to the actions of the
/// screens concerned. This is the seed's `EventEnum`, without its global subject.
public enum Event: String, CaseIterable, Codable, Sendable {
    /// Nothing happened yet: the value the seed's subject starts with. It maps to no action.
    case initial
    /// The Center screen's button: both side screens get a new random colour at once.
    case changeBothSidesColors
    /// The Left screen alone gets a new random colour.
    case changeLeftColor
    /// The Right screen alone gets a new random colour.
    case changeRightColor
    /// Every screen goes back to its first state, and the Center tab is selected.
    case reset
    /// The Left tab is selected.
    case selectLeft
    /// The Center tab is selected.
    case selectCenter
    /// The Right tab is selected.
    case selectRight
    /// Every screen starts loading (the seed's `changeStateTo(.isLoading)`).
    case startLoading
    /// Every screen finished loading (`changeStateTo(.loaded)`).
    case finishLoading
    /// Every screen failed to load (`changeStateTo(.failed)`).
    case failLoading

    /// The event called `name`.
    ///
    /// - Throws: `ColorEventsError.unknownEvent` with every known event, so the app can list them.
    public static func named(_ name: String) throws(ColorEventsError) -> Event {
        guard let event = Event(rawValue: name) else { throw .unknownEvent(name: name, known: allCases) }
        return event
    }

    /// What a button that sends the event says: words a person reads, not the identifier.
    public var title: String {
        switch self {
        case .initial: "Nothing yet"
        case .changeBothSidesColors: "Change both sides"
        case .changeLeftColor: "Change the left colour"
        case .changeRightColor: "Change the right colour"
        case .reset: "Reset every screen"
        case .selectLeft: "Select Left"
        case .selectCenter: "Select Center"
        case .selectRight: "Select Right"
        case .startLoading: "Start loading"
        case .finishLoading: "Finish loading"
        case .failLoading: "Fail loading"
        }
    }

    /// One line on what the event stands for, for the events table.
    public var summary: String {
        switch self {
        case .initial: "nothing happened yet (the subject's first value)"
        case .changeBothSidesColors: "the Center button: new colours on both sides"
        case .changeLeftColor: "a new colour on the Left screen"
        case .changeRightColor: "a new colour on the Right screen"
        case .reset: "every screen back to its first state"
        case .selectLeft, .selectCenter, .selectRight: "a tab selected"
        case .startLoading: "every screen starts loading"
        case .finishLoading: "every screen finished loading"
        case .failLoading: "every screen failed to load"
        }
    }
}
