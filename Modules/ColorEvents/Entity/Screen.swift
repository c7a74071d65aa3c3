/// One of the three screens of the seed's example app, which are also its three tabs.
public enum Screen: String, CaseIterable, Codable, Sendable, Comparable {
    /// The left screen, whose colour the Center button changes.
    case left
    /// The center screen, which holds the button.
    case center
    /// The right screen, whose colour the Center button changes.
    case right

    /// The screen's title, as its view shows it.
    public var title: String {
        switch self {
        case .left: "Left"
        case .center: "Center"
        case .right: "Right"
        }
    }

    /// The button the screen shows, if any.
    public var button: String? { self == .center ? "Change colors" : nil }

    /// Orders screens left to right.
    public static func < (lhs: Screen, rhs: Screen) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// What a loaded screen shows: its title and its button.
public struct ScreenContent: Sendable, Equatable {
    /// The screen's title.
    public let title: String
    /// The button's label, if the screen has one.
    public let button: String?

    /// The content of `screen`.
    public init(_ screen: Screen) {
        title = screen.title
        button = screen.button
    }
}

/// The state a `changeStateTo` action asks a screen to move to: the seed's `ViewStateEnum`.
public enum ScreenPhase: String, CaseIterable, Codable, Sendable {
    /// Back to the start.
    case initial
    /// Work under way.
    case loading
    /// Work done; the content is shown.
    case loaded
    /// Work failed; a message is shown.
    case failed
}
