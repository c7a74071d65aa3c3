import ColorEventsEntity
import ColorEventsUseCase
import Core
import Observation

/// What a loaded screen shows: its title, its button and its colour.
public struct ScreenViewData: Sendable, Equatable, Codable {
    /// The screen's title.
    public let title: String
    /// The button's label, if the screen has one.
    public let button: String?
    /// The background colour as `#RRGGBB`, if one was set.
    public let color: String?
    /// The nearest CSS colour name, if a colour was set.
    public let colorName: String?

    /// Creates view data.
    public init(title: String, button: String?, color: String?, colorName: String?) {
        self.title = title
        self.button = button
        self.color = color
        self.colorName = colorName
    }
}

/// One screen's presenter: its colour and its `ViewState`, moved only by its own action type.
///
/// It subscribes to the bus for one action type (the seed's `@Action(InnerAction.initial)`),
/// so it hears only what the event table sends its screen. When the presenter goes away its
/// subscription goes with it, and the bus stops delivering to it.
@MainActor
@Observable
public final class ScreenPresenter {
    /// The screen presented.
    public let screen: Screen
    /// The screen's state: colour and state machine.
    public private(set) var state: ScreenState
    /// How many actions the presenter has applied (refused transitions included).
    public private(set) var actionsReceived = 0

    @ObservationIgnored private let subscription: AnyObject

    /// Subscribes to the bus for the actions of type `A` and applies each one as it arrives.
    public init<A: ScreenBoundAction>(_ type: A.Type, bus: ColorEventBus) {
        screen = A.screen
        state = ScreenState(A.screen)
        let subscription = bus.subscribe(A.self)
        self.subscription = subscription
        let actions = subscription.actions
        // Inherits the main actor; holds the presenter weakly, and ends when the subscription does.
        Task { [weak self] in
            for await action in actions {
                guard let self else { return }
                self.apply(action)
            }
        }
    }

    /// The background colour, shown plain; `nil` until one is set.
    public var color: ColorModel? { state.color.map { ColorModel($0) } }

    /// The screen's state machine, its loaded value being what the screen shows.
    public var viewState: ViewState<ScreenViewData> {
        state.viewState.map { content in
            ScreenViewData(
                title: content.title, button: content.button,
                color: state.color?.hex, colorName: state.color?.nearestName)
        }
    }

    private func apply(_ action: some ScreenBoundAction) {
        actionsReceived += 1
        if let change = action.change { state.apply(change) }
    }
}

/// The tab bar's presenter: which screen is selected.
@MainActor
@Observable
public final class TabPresenter {
    /// The selected screen; the seed's app starts on Center.
    public private(set) var selected: Screen = .center

    @ObservationIgnored private let subscription: ActionSubscription<TabAction>

    /// Subscribes to the bus for tab actions.
    public init(bus: ColorEventBus) {
        subscription = bus.subscribe(TabAction.self)
        let actions = subscription.actions
        Task { [weak self] in
            for await action in actions {
                guard let self else { return }
                if case .select(let screen) = action { self.selected = screen }
            }
        }
    }
}
