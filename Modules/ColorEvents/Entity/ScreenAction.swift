/// An action one kind of screen reacts to: the seed's `InnerViewAction`.
///
/// Each screen has its own action type, and the event bus routes by type: a screen hears the
/// actions of its type and no other. `default` is the value a screen holds when nothing
/// happened; it is never delivered.
public protocol ScreenAction: Sendable, Equatable {
    /// The value meaning "no action": never delivered.
    static var `default`: Self { get }
    /// Who hears actions of this type, as the events table names it (`Left`, `Tabs`, …).
    static var audience: String { get }
    /// The action as the events table writes it, such as `changeLeftColor(random)`.
    var name: String { get }
    /// The action with its random parts drawn, so every subscriber and the journal see one value.
    func resolved(drawing draw: () throws -> RGBColor) rethrows -> Self
    /// The colour this action sets, once resolved.
    var color: RGBColor? { get }
    /// Applies the action to the scene; `false` when the scene refused it (a forbidden transition).
    @discardableResult
    func apply(to scene: inout SceneState) -> Bool
}

extension ScreenAction {
    /// An action with nothing random is already resolved.
    public func resolved(drawing draw: () throws -> RGBColor) rethrows -> Self { self }

    /// Most actions set no colour.
    public var color: RGBColor? { nil }

    /// Whether this is the type's `default`, which is never delivered.
    public var isDefault: Bool { self == Self.default }
}

/// Which colour a colour change sets: one drawn when the event is sent, or a given one.
public enum ColorChoice: Sendable, Hashable, CustomStringConvertible {
    /// A random colour, drawn once when the event is sent (the seed's `randomColor()`).
    case random
    /// This colour.
    case fixed(RGBColor)

    /// This choice with a random colour drawn.
    public func resolved(drawing draw: () throws -> RGBColor) rethrows -> ColorChoice {
        switch self {
        case .random: .fixed(try draw())
        case .fixed: self
        }
    }

    /// The colour, once drawn.
    public var color: RGBColor? {
        if case .fixed(let color) = self { color } else { nil }
    }

    /// `random` or the colour's hex code.
    public var description: String { color?.hex ?? "random" }
}

/// An action aimed at one screen, which it changes through `ScreenState.apply(_:)`.
public protocol ScreenBoundAction: ScreenAction {
    /// The screen actions of this type change.
    static var screen: Screen { get }
    /// What the action does to its screen; `nil` for the default action.
    var change: ScreenChange? { get }
}

extension ScreenBoundAction {
    /// The screen's title.
    public static var audience: String { screen.title }

    /// Applies `change` to the action's screen.
    @discardableResult
    public func apply(to scene: inout SceneState) -> Bool {
        guard let change else { return false }
        return scene[Self.screen].apply(change)
    }
}
