import ColorEventsEntity
import ColorEventsUseCase
import Core

/// The app's presenters together: Left, Center, Right and the tab bar, over one injected bus.
///
/// Each presenter subscribes to its own action type; the scene sends events to the bus and
/// waits until every presenter has applied what they triggered.
@MainActor
public final class ColorEventsScene {
    /// The Left screen's presenter.
    public let left: ScreenPresenter
    /// The Center screen's presenter.
    public let center: ScreenPresenter
    /// The Right screen's presenter.
    public let right: ScreenPresenter
    /// The tab bar's presenter.
    public let tabs: TabPresenter
    private let bus: ColorEventBus

    /// Creates the presenters, each subscribed to the bus.
    public init(bus: ColorEventBus) {
        self.bus = bus
        left = ScreenPresenter(LeftAction.self, bus: bus)
        center = ScreenPresenter(CenterAction.self, bus: bus)
        right = ScreenPresenter(RightAction.self, bus: bus)
        tabs = TabPresenter(bus: bus)
    }

    /// The three screen presenters, left to right.
    public var screens: [ScreenPresenter] { [left, center, right] }

    /// The presenters' state, as one scene.
    public var state: SceneState {
        var scene = SceneState()
        scene.left = left.state
        scene.center = center.state
        scene.right = right.state
        scene.selectedTab = tabs.selected
        return scene
    }

    /// The presenters' state as printed.
    public var snapshot: SceneSnapshot { SceneSnapshot(state) }

    /// Brings the presenters to the state the journal leads to.
    public func restore() async throws {
        try bus.restore()
        await bus.flush()
    }

    /// Sends events in order and returns once every presenter has applied their actions.
    ///
    /// - Throws: `MessageError.storage` when the journal cannot be written; events before the
    ///   failing one stay sent.
    @discardableResult
    public func send(_ events: [Event]) async throws -> [SentRow] {
        var rows: [SentRow] = []
        do {
            for event in events {
                let sent = try bus.send(event)
                rows.append(SentRow(sequence: sent.entry.sequence, event: event.rawValue, actions: sent.actions.map(\.qualifiedName)))
            }
        } catch {
            await bus.flush()
            throw error
        }
        await bus.flush()
        return rows
    }

    /// The scene rebuilt from the journal alone.
    public func replayed() throws -> SceneSnapshot { SceneSnapshot(try bus.replay()) }

    /// The last `limit` journal entries (all when `nil`), oldest first.
    public func journal(limit: Int?) throws -> [JournalRow] { try bus.journal(limit: limit).map(JournalRow.init) }

    /// The event -> actions table this scene's bus follows, in `Event.allCases` order.
    public var eventTable: [EventRow] { Self.eventTable(bus.table) }

    /// The rows of an event -> actions table, in `Event.allCases` order.
    public nonisolated static func eventTable(_ table: ActionTable = .standard) -> [EventRow] {
        Event.allCases.map { event in
            EventRow(event: event.rawValue, actions: table.actions(for: event).map(\.qualifiedName), summary: event.summary)
        }
    }
}
