import Core

/// What an action can do to a screen.
public enum ScreenChange: Sendable, Equatable {
    /// Show this background colour.
    case color(RGBColor)
    /// Move the state machine to this phase, if the move is allowed.
    case phase(ScreenPhase)
    /// Back to no colour and the initial state.
    case reset
}

/// One screen's state: its colour and its four-state machine (Core's `ViewState`).
public struct ScreenState: Sendable, Equatable {
    /// Which screen this is.
    public let screen: Screen
    /// The background colour; `nil` until one is set (the seed's `color ?? .white`).
    public private(set) var color: RGBColor?
    /// The state machine: initial, loading, loaded with the screen's content, or failed.
    public private(set) var viewState: ViewState<ScreenContent>

    /// A screen in its first state: no colour, `initial`.
    public init(_ screen: Screen) {
        self.screen = screen
        color = nil
        viewState = .initial
    }

    /// Creates a screen in a given state (for tests and decoding).
    public init(_ screen: Screen, color: RGBColor?, viewState: ViewState<ScreenContent>) {
        self.screen = screen
        self.color = color
        self.viewState = viewState
    }

    /// The phase the state machine is in.
    public var phase: ScreenPhase {
        switch viewState {
        case .initial: .initial
        case .loading: .loading
        case .loaded: .loaded
        case .failed: .failed
        }
    }

    /// Applies a change; `false`, and nothing changes, when the state machine refuses the move.
    ///
    /// The moves are Core's: `loading` from anywhere but `loading`, `loaded` and `failed` only
    /// from `loading`, `initial` from anywhere.
    @discardableResult
    public mutating func apply(_ change: ScreenChange) -> Bool {
        switch change {
        case .color(let newColor):
            color = newColor
            return true
        case .reset:
            color = nil
            viewState = .initial
            return true
        case .phase(let phase):
            return viewState.apply(event(for: phase))
        }
    }

    private func event(for phase: ScreenPhase) -> ViewState<ScreenContent>.Event {
        switch phase {
        case .initial: .reset
        case .loading: .load
        case .loaded: .succeed(ScreenContent(screen))
        case .failed: .fail(ViewFailure(ColorEventsError.loadingFailed(screen)))
        }
    }
}

/// The whole app's state: the three screens and the selected tab.
public struct SceneState: Sendable, Equatable {
    /// The Left screen.
    public var left = ScreenState(.left)
    /// The Center screen.
    public var center = ScreenState(.center)
    /// The Right screen.
    public var right = ScreenState(.right)
    /// The selected tab; the seed's app starts on Center.
    public var selectedTab = Screen.center

    /// Every screen in its first state, the Center tab selected.
    public init() {}

    /// The state of `screen`.
    public subscript(screen: Screen) -> ScreenState {
        get {
            switch screen {
            case .left: left
            case .center: center
            case .right: right
            }
        }
        set {
            switch screen {
            case .left: left = newValue
            case .center: center = newValue
            case .right: right = newValue
            }
        }
    }

    /// The scene a journal leads to: every entry's actions, with their recorded colours, applied in order.
    ///
    /// - Throws: `ColorEventsError.colorCountMismatch` when an entry's colours do not fit its event's actions.
    public static func replaying(_ entries: [JournalEntry], table: ActionTable = .standard) throws(ColorEventsError)
        -> SceneState
    {
        var scene = SceneState()
        for entry in entries {
            for action in try table.actions(for: entry.event, recordedColors: entry.colors) {
                action.apply(to: &scene)
            }
        }
        return scene
    }
}
