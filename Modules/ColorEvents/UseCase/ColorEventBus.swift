import ColorEventsEntity
import ColorEventsRepository
import Core
import Foundation
import Mailbox
import Synchronization

/// The event bus: one event in, the actions the table maps it to delivered to the screens concerned.
///
/// `send(_:)` delivers each mapped action, in table order, exactly once, to every subscriber of
/// that action's type and to no other; a type's `default` is never delivered. Subscribers take
/// their actions from their own queue (`ActionSubscription` over a `Mailbox`), so a slow
/// subscriber never holds a sender up.
///
/// Delivery follows the journal: a send appends its entry, then delivers every entry after the
/// last one delivered, in sequence order, with the colours it recorded; `follow()` does the same
/// without sending. So every subscriber sees the events in the journal's order, with any number
/// of concurrent senders, and the events other processes append to a shared journal reach this
/// process's screens in that order too (a server calls `follow()` while pages are open). The
/// journal is read and written outside the bus's lock (no lock across I/O); a delivery re-checks
/// the cursor under it, so two overlapping reads never deliver an entry twice. A send whose
/// entry could not be written delivers nothing.
///
/// The use case owns the bus; the factory creates one and injects it: there is no global subject.
public final class ColorEventBus: Sendable {
    private struct State {
        var nextSubscriptionID: UInt64 = 0
        /// Each action type's subscribers, by subscription id.
        var mailboxes: [ObjectIdentifier: [UInt64: Mailbox]] = [:]
        /// The sequence number of the last entry delivered; 0 before the first.
        var delivered: Int64 = 0
    }

    /// The event -> actions map the bus follows.
    public let table: ActionTable
    /// Each event's actions without defaults, worked out once rather than on every send.
    private let routes: [Event: [any ScreenAction]]
    private let journal: any JournalRepository
    private let random: RandomSource
    private let clock: WallClock
    private let state = Mutex(State())

    /// Creates a bus over a journal, drawing colours from `random` and stamping entries with `clock`.
    ///
    /// It starts at the journal's beginning: the first send or `follow()` delivers what the
    /// journal already holds, unless `restore()` moved it on.
    public init(
        table: ActionTable = .standard, journal: any JournalRepository, random: RandomSource, clock: WallClock = .live
    ) {
        self.table = table
        routes = Dictionary(
            uniqueKeysWithValues: Event.allCases.map { event in
                (event, table.actions(for: event).filter { !$0.isDefault })
            })
        self.journal = journal
        self.random = random
        self.clock = clock
    }

    /// The journal's signal of appends by any process (`JournalRepository.changes()`), if it has one.
    public func journalChanges() -> AsyncStream<Void>? { journal.changes() }

    /// Subscribes to every action of type `A` delivered from now on.
    public func subscribe<A: ScreenAction>(_ type: A.Type = A.self) -> ActionSubscription<A> {
        let mailbox = Mailbox()
        let key = ObjectIdentifier(A.self)
        let id = state.withLock { state in
            state.nextSubscriptionID += 1
            state.mailboxes[key, default: [:]][state.nextSubscriptionID] = mailbox
            return state.nextSubscriptionID
        }
        return ActionSubscription(mailbox: mailbox) { [weak self] in
            self?.state.withLock { state in
                state.mailboxes[key]?[id] = nil
                if state.mailboxes[key]?.isEmpty == true { state.mailboxes[key] = nil }
            }
        }
    }

    /// How many subscriptions are live.
    public var subscriberCount: Int {
        state.withLock { $0.mailboxes.values.reduce(0) { $0 + $1.count } }
    }

    /// Sends an event: draws its colours, journals it, then delivers, in journal order, every
    /// entry up to it that is not delivered yet, its own included (at once, with no read, when it
    /// is the entry right after the last delivered).
    ///
    /// - Returns: the journal entry and the actions, colours drawn.
    /// - Throws: the journal's error (`StorageError` for SQLite); nothing is delivered then.
    @discardableResult
    public func send(_ event: Event) async throws -> SentEvent {
        let (actions, colors) = state.withLock { _ in
            var colors: [RGBColor] = []
            let actions = (routes[event] ?? []).map { action in
                action.resolved {
                    let color = RGBColor.random(using: random)
                    colors.append(color)
                    return color
                }
            }
            return (actions, colors)
        }
        let entry = try await journal.append(event, sentAt: clock.now(), colors: colors)
        // The common case: the entry is the next one, so nothing before it waits and no read is needed.
        let delivered = state.withLock { state in
            guard entry.sequence == state.delivered + 1 else { return false }
            Self.deliver(actions, to: state.mailboxes)
            state.delivered = entry.sequence
            return true
        }
        if !delivered { try await follow() }
        return SentEvent(entry: entry, actions: actions)
    }

    /// Sends events one after the other, stopping at the first that fails.
    @discardableResult
    public func send(_ events: [Event]) async throws -> [SentEvent] {
        var sent: [SentEvent] = []
        for event in events { sent.append(try await send(event)) }
        return sent
    }

    /// Delivers, in journal order and with their recorded colours, the entries appended since the
    /// last delivery, by this process or by any other writing the same journal.
    ///
    /// - Returns: how many entries were delivered.
    /// - Throws: `ColorEventsError.colorCountMismatch` for an entry that cannot be replayed
    ///   (nothing is delivered then), or the journal's error.
    @discardableResult
    public func follow() async throws -> Int {
        let after = state.withLock { $0.delivered }
        let batches = try deliverable(try await journal.entries(after: after))
        return state.withLock { state in
            var count = 0
            for (sequence, actions) in batches where sequence > state.delivered {
                Self.deliver(actions, to: state.mailboxes)
                state.delivered = sequence
                count += 1
            }
            return count
        }
    }

    /// Delivers every journaled event's actions, with their recorded colours, to the current
    /// subscribers, without journaling them again: how a new process picks up where the last left,
    /// or new screens on a running one (what was delivered before is delivered again). `follow()`
    /// goes on after the last entry.
    ///
    /// - Returns: how many entries were delivered.
    /// - Throws: as `follow()`.
    @discardableResult
    public func restore() async throws -> Int {
        let entries = try await journal.allEntries()
        let batches = try deliverable(entries)
        state.withLock { state in
            for (_, actions) in batches { Self.deliver(actions, to: state.mailboxes) }
            state.delivered = max(state.delivered, batches.last?.0 ?? 0)
        }
        return entries.count
    }

    /// Returns once every subscriber reading `actions` has handled every action delivered before the call.
    public func flush() async {
        let mailboxes = state.withLock { $0.mailboxes.values.flatMap(\.values) }
        for mailbox in mailboxes {
            await withCheckedContinuation { mailbox.addBarrier($0) }
        }
    }

    /// The last `limit` journal entries (all when `nil`), oldest first.
    public func journal(limit: Int?) async throws -> [JournalEntry] {
        try await journal.entries(limit: limit)
    }

    /// The scene the whole journal leads to, rebuilt from the journal alone.
    public func replay() async throws -> SceneState {
        try SceneState.replaying(await journal.allEntries(), table: table)
    }

    /// Each entry's sequence number and the actions it delivers, with its recorded colours.
    ///
    /// - Throws: `ColorEventsError.colorCountMismatch` for an entry that cannot be replayed.
    private func deliverable(_ entries: [JournalEntry]) throws -> [(Int64, [any ScreenAction])] {
        try entries.map { entry in
            (entry.sequence, try table.actions(for: entry.event, recordedColors: entry.colors).filter { !$0.isDefault })
        }
    }

    private static func deliver(_ actions: [any ScreenAction], to mailboxes: [ObjectIdentifier: [UInt64: Mailbox]]) {
        for action in actions {
            guard let subscribers = mailboxes[ObjectIdentifier(type(of: action))] else { continue }
            let item: any Sendable = action  // wrapped once, however many subscribers
            for mailbox in subscribers.values { mailbox.enqueue(item) }
        }
    }
}

/// What one `send` did: the journal entry and the actions delivered.
public struct SentEvent: Sendable {
    /// The journal entry, with the event's sequence number, time and colours.
    public let entry: JournalEntry
    /// The actions delivered, in order, colours drawn.
    public let actions: [any ScreenAction]

    /// The event sent.
    public var event: Event { entry.event }
}
