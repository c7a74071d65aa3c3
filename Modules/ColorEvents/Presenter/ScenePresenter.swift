import ColorEventsEntity
import ColorEventsUseCase
import Core
import Observation

/// The app's presenters together: Left, Center, Right and the tab bar, over one use case.
///
/// Each screen presenter subscribes to its own action type; the scene runs the use cases
/// (send, restore, journal, replay) through `load(_:_:)`, and a send returns once every
/// screen presenter has applied what it triggered.
@Observable
@MainActor
public final class ScenePresenter: Presenting {
    /// The Left screen's presenter.
    public let left: ScreenPresenter
    /// The Center screen's presenter.
    public let center: ScreenPresenter
    /// The Right screen's presenter.
    public let right: ScreenPresenter
    /// The tab bar's presenter.
    public let tabs: TabPresenter

    /// The screens once the journal was restored into them (`restore()`).
    public private(set) var restored: ViewState<SceneSnapshot> = .initial
    /// The last events sent (`send(_:)`).
    public private(set) var sent: ViewState<[SentRow]> = .initial
    /// The journal entries last read (`loadJournal(limit:)`).
    public private(set) var journal: ViewState<[JournalRow]> = .initial
    /// The scene rebuilt from the journal alone (`replay()`).
    public private(set) var replayed: ViewState<SceneSnapshot> = .initial
    /// The event -> actions table (`loadEvents()`).
    public private(set) var events: ViewState<[EventRow]> = .initial

    @ObservationIgnored private let useCase: ColorEventsUseCase

    /// Creates the presenters, each subscribed through `useCase`.
    public init(useCase: ColorEventsUseCase) {
        self.useCase = useCase
        left = ScreenPresenter(LeftAction.self, useCase: useCase)
        center = ScreenPresenter(CenterAction.self, useCase: useCase)
        right = ScreenPresenter(RightAction.self, useCase: useCase)
        tabs = TabPresenter(useCase: useCase)
    }

    /// The three screen presenters, left to right.
    public var screens: [ScreenPresenter] { [left, center, right] }

    /// The presenters' state, as one scene.
    var state: SceneState {
        var scene = SceneState()
        scene.left = left.state
        scene.center = center.state
        scene.right = right.state
        scene.selectedTab = tabs.selected
        return scene
    }

    /// The presenters' state as view data.
    public var snapshot: SceneSnapshot { SceneSnapshot(state) }

    /// Brings the presenters to the state the journal leads to.
    public func restore() async {
        await load(\.restored) {
            try await useCase.restore()
            return snapshot
        }
    }

    /// The screens caught up with the journal (`follow()`): what other processes sent too.
    public private(set) var followed: ViewState<SceneSnapshot> = .initial

    /// Applies the events appended to the journal since the last delivery, from any process.
    public func follow() async {
        await load(\.followed) {
            try await useCase.follow()
            return snapshot
        }
    }

    /// Sends events in order; `sent` is loaded once every presenter has applied their actions.
    public func send(_ events: [Event]) async {
        await load(\.sent) {
            try await useCase.send(events).map { sent in
                SentRow(sequence: sent.entry.sequence, event: sent.event, actions: sent.actions.map(\.qualifiedName))
            }
        }
    }

    /// Reads the last `limit` journal entries (all when `nil`), oldest first.
    public func loadJournal(limit: Int?) async {
        await load(\.journal) { try await useCase.journal(limit: limit).map(JournalRow.init) }
    }

    /// Rebuilds the scene from the journal alone.
    public func replay() async {
        await load(\.replayed) { SceneSnapshot(try await useCase.replay()) }
    }

    /// Lists the event -> actions table, in `Event.allCases` order.
    public func loadEvents() async {
        let table = useCase.table
        await load(\.events) {
            Event.allCases.map { event in
                EventRow(
                    event: event, title: event.title, actions: table.actions(for: event).map(\.qualifiedName),
                    summary: event.summary)
            }
        }
    }
}
