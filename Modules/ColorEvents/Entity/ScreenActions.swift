/// What the Left screen reacts to: the seed's `LeftScreen.InnerAction`.
public enum LeftAction: ScreenBoundAction {
    /// Nothing: the default, never delivered.
    case initial
    /// A new background colour.
    case changeLeftColor(ColorChoice)
    /// A move of the screen's state machine.
    case changeStateTo(ScreenPhase)
    /// Back to the first state.
    case reset

    /// `initial`.
    public static var `default`: LeftAction { .initial }
    /// The Left screen.
    public static var screen: Screen { .left }

    /// The action as the events table writes it.
    public var name: String {
        switch self {
        case .initial: "initial"
        case .changeLeftColor(let choice): "changeLeftColor(\(choice))"
        case .changeStateTo(let phase): "changeStateTo(\(phase.rawValue))"
        case .reset: "reset"
        }
    }

    /// A random colour change with its colour drawn.
    public func resolved(drawing draw: () throws -> RGBColor) rethrows -> LeftAction {
        if case .changeLeftColor(let choice) = self { return .changeLeftColor(try choice.resolved(drawing: draw)) }
        return self
    }

    /// The colour a resolved colour change sets.
    public var color: RGBColor? {
        if case .changeLeftColor(let choice) = self { return choice.color }
        return nil
    }

    /// What the action does to the Left screen.
    public var change: ScreenChange? {
        switch self {
        case .initial: nil
        case .changeLeftColor(let choice): choice.color.map(ScreenChange.color)
        case .changeStateTo(let phase): .phase(phase)
        case .reset: .reset
        }
    }
}

/// What the Right screen reacts to: the seed's `RightScreen.InnerAction`.
public enum RightAction: ScreenBoundAction {
    /// Nothing: the default, never delivered.
    case initial
    /// A new background colour.
    case changeRightColor(ColorChoice)
    /// A move of the screen's state machine.
    case changeStateTo(ScreenPhase)
    /// Back to the first state.
    case reset

    /// `initial`.
    public static var `default`: RightAction { .initial }
    /// The Right screen.
    public static var screen: Screen { .right }

    /// The action as the events table writes it.
    public var name: String {
        switch self {
        case .initial: "initial"
        case .changeRightColor(let choice): "changeRightColor(\(choice))"
        case .changeStateTo(let phase): "changeStateTo(\(phase.rawValue))"
        case .reset: "reset"
        }
    }

    /// A random colour change with its colour drawn.
    public func resolved(drawing draw: () throws -> RGBColor) rethrows -> RightAction {
        if case .changeRightColor(let choice) = self { return .changeRightColor(try choice.resolved(drawing: draw)) }
        return self
    }

    /// The colour a resolved colour change sets.
    public var color: RGBColor? {
        if case .changeRightColor(let choice) = self { return choice.color }
        return nil
    }

    /// What the action does to the Right screen.
    public var change: ScreenChange? {
        switch self {
        case .initial: nil
        case .changeRightColor(let choice): choice.color.map(ScreenChange.color)
        case .changeStateTo(let phase): .phase(phase)
        case .reset: .reset
        }
    }
}

/// What the Center screen reacts to: it holds the button, and has no colour of its own to change.
public enum CenterAction: ScreenBoundAction {
    /// Nothing: the default, never delivered.
    case initial
    /// A move of the screen's state machine.
    case changeStateTo(ScreenPhase)
    /// Back to the first state.
    case reset

    /// `initial`.
    public static var `default`: CenterAction { .initial }
    /// The Center screen.
    public static var screen: Screen { .center }

    /// The action as the events table writes it.
    public var name: String {
        switch self {
        case .initial: "initial"
        case .changeStateTo(let phase): "changeStateTo(\(phase.rawValue))"
        case .reset: "reset"
        }
    }

    /// What the action does to the Center screen.
    public var change: ScreenChange? {
        switch self {
        case .initial: nil
        case .changeStateTo(let phase): .phase(phase)
        case .reset: .reset
        }
    }
}

/// What the tab bar reacts to: which screen is selected (the seed's `selectedTab`).
public enum TabAction: ScreenAction {
    /// Nothing: the default, never delivered.
    case initial
    /// This screen's tab is selected.
    case select(Screen)

    /// `initial`.
    public static var `default`: TabAction { .initial }
    /// The tab bar.
    public static var audience: String { "Tabs" }

    /// The action as the events table writes it.
    public var name: String {
        switch self {
        case .initial: "initial"
        case .select(let screen): "select(\(screen.rawValue))"
        }
    }

    /// Selects the tab.
    @discardableResult
    public func apply(to scene: inout SceneState) -> Bool {
        guard case .select(let screen) = self else { return false }
        scene.selectedTab = screen
        return true
    }
}
