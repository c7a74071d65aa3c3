import ColorEventsEntity
import ColorEventsRepository
import Core
import Foundation
import Mailbox
import Synchronization

/// The event bus: one event in, the actions the table maps it to delivered to the screens concerned.
///
/// `send(_:)` delivers each mapped action, in table order, exactly once, to every subscriber of
/// that action's type and to no other; a type's `default` is never delivered. With any number
/// of concurrent senders, every subscriber sees the events in the journal's order. Subscribers
/// take their actions from their own queue (`ActionSubscription` over a `Mailbox`), so a slow
/// subscriber never holds a sender up.
///
/// The journal is written outside the bus's lock (no lock across I/O). Order comes from the
/// journal's sequence numbers instead: a written entry waits in `written` until no send that
/// could have got a smaller number is still writing, then entries go out smallest first.
/// A send whose entry could not be written delivers nothing.
///
/// The use case owns the bus; the factory creates one and injects it: there is no global subject.
public final class ColorEventBus: Sendable {
    private struct State {
        var nextSubscriptionID: UInt64 = 0
        /// Each action type's subscribers, by subscription id.
        var mailboxes: [ObjectIdentifier: [UInt64: Mailbox]] = [:]
        /// Sends are numbered as they start; these are writing their journal entry now.
        var nextTicket: UInt64 = 0
        /// In ticket order, so the first is the oldest (a handful at most: one per concurrent sender).
        var writing: [UInt64] = []
        /// Written entries not delivered yet, in sequence order.
        var written: [Written] = []
    }

    /// A journaled send waiting for its turn.
    private struct Written {
        let sequence: Int64
        /// The last ticket given out when the entry was written: every send up to it may have
        /// a smaller sequence number, so all of them must finish first. Later ones cannot.
        let horizon: UInt64
        let actions: [any ScreenAction]
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

    /// Sends an event: draws its colours, journals it, then delivers its actions in journal order.
    ///
    /// With one sender the actions are delivered before this returns; with several, a send may
    /// return while its actions wait for an earlier entry still being written (`flush()` waits).
    /// - Returns: the journal entry and the actions, colours drawn.
    /// - Throws: the journal's error (`StorageError` for SQLite); nothing is delivered then.
    @discardableResult
    public func send(_ event: Event) async throws -> SentEvent {
        let (ticket, actions, colors) = state.withLock { state in
            var colors: [RGBColor] = []
            let actions = (routes[event] ?? []).map { action in
                action.resolved {
                    let color = RGBColor.random(using: random)
                    colors.append(color)
                    return color
                }
            }
            state.nextTicket += 1
            state.writing.append(state.nextTicket)
            return (state.nextTicket, actions, colors)
        }
        let entry: JournalEntry
        do {
            entry = try await journal.append(event, sentAt: clock.now(), colors: colors)
        } catch {
            state.withLock { state in
                state.writing.removeAll { $0 == ticket }
                Self.deliverReady(&state)
            }
            throw error
        }
        state.withLock { state in
            state.writing.removeAll { $0 == ticket }
            // The common case, no other send writing: deliver at once, nothing to order.
            if state.writing.isEmpty && state.written.isEmpty {
                Self.deliver(actions, to: state.mailboxes)
                return
            }
            let written = Written(sequence: entry.sequence, horizon: state.nextTicket, actions: actions)
            let index = state.written.lastIndex { $0.sequence < entry.sequence }.map { $0 + 1 } ?? 0
            state.written.insert(written, at: index)
            Self.deliverReady(&state)
        }
        return SentEvent(entry: entry, actions: actions)
    }

    /// Sends events one after the other, stopping at the first that fails.
    @discardableResult
    public func send(_ events: [Event]) async throws -> [SentEvent] {
        var sent: [SentEvent] = []
        for event in events { sent.append(try await send(event)) }
        return sent
    }

    /// Delivers every journaled event's actions, with their recorded colours, to the current
    /// subscribers, without journaling them again: how a new process picks up where the last left.
    ///
    /// - Returns: how many entries were delivered.
    /// - Throws: `ColorEventsError.colorCountMismatch` for an entry that cannot be replayed
    ///   (nothing is delivered then), or the journal's error.
    @discardableResult
    public func restore() async throws -> Int {
        let entries = try await journal.allEntries()
        let actions = try entries.map { entry in
            try table.actions(for: entry.event, recordedColors: entry.colors).filter { !$0.isDefault }
        }
        state.withLock { state in
            for batch in actions { Self.deliver(batch, to: state.mailboxes) }
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

    /// Delivers, smallest sequence first, every written entry no unfinished send can precede.
    private static func deliverReady(_ state: inout State) {
        let oldestWriting = state.writing.first ?? .max
        var delivered = 0
        for written in state.written {
            guard written.horizon < oldestWriting else { break }
            deliver(written.actions, to: state.mailboxes)
            delivered += 1
        }
        if delivered > 0 { state.written.removeFirst(delivered) }
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
