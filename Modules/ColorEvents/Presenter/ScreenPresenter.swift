import ColorEventsEntity
import ColorEventsUseCase
import Core
import Observation

/// What a loaded screen shows: its title, its button and its colour.
public struct ScreenViewData: Sendable, Equatable {
    /// The screen's title.
    public let title: String
    /// The button's label, if the screen has one.
    public let button: String?
    /// The background colour, if one was set.
    public let color: RGBColor?
    /// The nearest CSS colour name, if a colour was set.
    public let colorName: String?

    /// Creates view data.
    public init(title: String, button: String?, color: RGBColor?, colorName: String?) {
        self.title = title
        self.button = button
        self.color = color
        self.colorName = colorName
    }
}

/// One screen's presenter: its colour and its state machine, moved only by its own action type.
///
/// It subscribes for one action type (the seed's `@Action(InnerAction.initial)`), so it hears
/// only what the event table sends its screen. Its `content` is the seed's view state machine:
/// the bus's `changeStateTo` actions move it rather than a use-case call, and a `failed`
/// screen carries `ColorEventsError.loadingFailed` for the app to word. When the presenter
/// goes away its subscription goes with it, and the bus stops delivering to it.
@Observable
@MainActor
public final class ScreenPresenter: Presenting {
    /// The screen's title.
    public let title: String
    /// The screen's button label, if it has a button.
    public let button: String?
    /// The screen's state machine, its loaded value being what the screen shows.
    public private(set) var content: ViewState<ScreenViewData> = .initial
    /// The background colour; `nil` until one is set.
    public private(set) var background: NamedColor?
    /// The screen presented, for the scene.
    let screen: Screen
    /// The screen's state: colour and state machine, for the scene.
    private(set) var state: ScreenState
    /// How many actions the presenter has applied (refused transitions included).
    public private(set) var actionsReceived = 0

    @ObservationIgnored private let subscription: AnyObject

    /// The presenter of `screen`, subscribed to that screen's action type.
    public convenience init(_ screen: Screen, useCase: ColorEventsUseCase) {
        switch screen {
        case .left: self.init(LeftAction.self, useCase: useCase)
        case .center: self.init(CenterAction.self, useCase: useCase)
        case .right: self.init(RightAction.self, useCase: useCase)
        }
    }

    /// Subscribes to the actions of type `A` and applies each one as it arrives.
    public init<A: ScreenBoundAction>(_ type: A.Type, useCase: ColorEventsUseCase) {
        screen = A.screen
        title = A.screen.title
        button = A.screen.button
        state = ScreenState(A.screen)
        let subscription = useCase.subscribe(A.self)
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

    private func apply(_ action: some ScreenBoundAction) {
        actionsReceived += 1
        guard let change = action.change, state.apply(change) else { return }
        let color = state.color
        background = color.map(NamedColor.init)
        content = state.viewState.map { content in
            ScreenViewData(title: content.title, button: content.button, color: color, colorName: color?.nearestName)
        }
    }
}

/// The tab bar's presenter: which screen is selected.
@Observable
@MainActor
public final class TabPresenter: Presenting {
    /// The selected tab's place, left to right from 0; the seed's app starts on Center.
    public var selectedIndex: Int { Screen.allCases.firstIndex(of: selected) ?? 0 }
    /// The selected screen, for the scene.
    private(set) var selected: Screen = .center

    @ObservationIgnored private let subscription: ActionSubscription<TabAction>

    /// Subscribes for tab actions.
    public init(useCase: ColorEventsUseCase) {
        subscription = useCase.subscribe(TabAction.self)
        let actions = subscription.actions
        Task { [weak self] in
            for await action in actions {
                guard let self else { return }
                if case .select(let screen) = action { self.selected = screen }
            }
        }
    }
}
