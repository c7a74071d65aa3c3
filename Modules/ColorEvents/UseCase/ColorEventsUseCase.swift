import ColorEventsEntity
import ColorEventsRepository
import Core

/// What a person can do with the screens: send events, pick up the journal, read it back.
///
/// The use case drives the event bus (infrastructure it owns, injected by the factory):
/// presenters subscribe through it, and every send returns only once each subscriber reading
/// its actions has applied them, so what a command prints is what the screens show.
public struct ColorEventsUseCase: Sendable {
    private let bus: ColorEventBus

    /// Drives `bus`.
    public init(bus: ColorEventBus) { self.bus = bus }

    /// The event -> actions table the bus follows.
    public var table: ActionTable { bus.table }

    /// Subscribes to the actions of type `A` (a presenter keeps the token for as long as it lives).
    public func subscribe<A: ScreenAction>(_ type: A.Type = A.self) -> ActionSubscription<A> {
        bus.subscribe(type)
    }

    /// Sends events in order and returns once every subscriber has applied their actions.
    ///
    /// - Throws: the journal's error; events before the failing one stay sent and applied.
    @discardableResult
    public func send(_ events: [Event]) async throws -> [SentEvent] {
        var sent: [SentEvent] = []
        do {
            for event in events { sent.append(try await bus.send(event)) }
        } catch {
            await bus.flush()
            throw error
        }
        await bus.flush()
        return sent
    }

    /// Brings every subscriber to the state the journal leads to, without journaling anything again.
    ///
    /// - Returns: how many entries were delivered.
    @discardableResult
    public func restore() async throws -> Int {
        let count = try await bus.restore()
        await bus.flush()
        return count
    }

    /// Brings every subscriber up to the journal: the events appended since the last delivery, by
    /// this process or another writing the same journal, applied in journal order.
    ///
    /// - Returns: how many entries were delivered.
    @discardableResult
    public func follow() async throws -> Int {
        let count = try await bus.follow()
        if count > 0 { await bus.flush() }
        return count
    }

    /// The last `limit` journal entries (all when `nil`), oldest first.
    ///
    /// - Throws: `ColorEventsError.negativeLimit` for a limit below zero.
    public func journal(limit: Int?) async throws -> [JournalEntry] {
        if let limit, limit < 0 { throw ColorEventsError.negativeLimit(limit) }
        return try await bus.journal(limit: limit)
    }

    /// The scene the whole journal leads to, rebuilt from the journal alone.
    public func replay() async throws -> SceneState { try await bus.replay() }

    /// A wake-up whenever any process may have appended to the journal, when the journal's store
    /// signals appends; `nil` when it does not, and `follow()` is then asked from time to time.
    public func journalChanges() -> AsyncStream<Void>? { bus.journalChanges() }
}
