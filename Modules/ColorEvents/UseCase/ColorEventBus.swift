import ColorEventsEntity
import ColorEventsRepository
import Core
import Foundation
import Synchronization

/// The event bus: one event in, the actions the table maps it to delivered to the screens concerned.
///
/// `send(_:)` delivers each mapped action, in table order, exactly once, to every subscriber of
/// that action's type and to no other; a type's `default` is never delivered. Sending,
/// journaling and queueing happen under one lock, so with any number of concurrent senders
/// every subscriber sees the events in the journal's order. Subscribers take their actions
/// from their own queue (`ActionSubscription`), so a slow subscriber never holds a sender up.
///
/// The factory creates one bus and injects it: there is no global subject.
public final class ColorEventBus: Sendable {
    private struct Registry {
        var nextID: UInt64 = 0
        /// Each action type's subscribers, by subscription id.
        var mailboxes: [ObjectIdentifier: [UInt64: Mailbox]] = [:]
    }

    /// The event -> actions map the bus follows.
    public let table: ActionTable
    /// Each event's actions without defaults, worked out once rather than on every send.
    private let routes: [Event: [any ScreenAction]]
    private let journal: any EventJournal
    private let random: RandomSource
    private let clock: WallClock
    private let registry = Mutex(Registry())

    /// Creates a bus over a journal, drawing colours from `random` and stamping entries with `clock`.
    public init(table: ActionTable = .standard, journal: any EventJournal, random: RandomSource, clock: WallClock = .live) {
        self.table = table
        routes = Dictionary(uniqueKeysWithValues: Event.allCases.map { event in
            (event, table.actions(for: event).filter { !$0.isDefault })
        })
        self.journal = journal
        self.random = random
        self.clock = clock
    }

    /// Subscribes to every action of type `A` sent from now on.
    public func subscribe<A: ScreenAction>(_ type: A.Type = A.self) -> ActionSubscription<A> {
        let mailbox = Mailbox()
        let key = ObjectIdentifier(A.self)
        let id = registry.withLock { registry in
            registry.nextID += 1
            registry.mailboxes[key, default: [:]][registry.nextID] = mailbox
            return registry.nextID
        }
        return ActionSubscription(mailbox: mailbox) { [weak self] in
            self?.registry.withLock { registry in
                registry.mailboxes[key]?[id] = nil
                if registry.mailboxes[key]?.isEmpty == true { registry.mailboxes[key] = nil }
            }
        }
    }

    /// How many subscriptions are live.
    public var subscriberCount: Int {
        registry.withLock { $0.mailboxes.values.reduce(0) { $0 + $1.count } }
    }

    /// Sends an event: draws its colours, journals it, then delivers its actions.
    ///
    /// - Returns: the journal entry and the actions delivered, colours drawn.
    /// - Throws: `MessageError.storage` when the journal cannot be written; nothing is delivered then.
    @discardableResult
    public func send(_ event: Event) throws -> SentEvent {
        try registry.withLock { registry in
            var colors: [RGBColor] = []
            let actions = (routes[event] ?? []).map { action in
                action.resolved {
                    let color = RGBColor.random(using: random)
                    colors.append(color)
                    return color
                }
            }
            let entry = try journal.append(event, sentAt: clock.now(), colors: colors)
            Self.deliver(actions, through: registry)
            return SentEvent(entry: entry, actions: actions)
        }
    }

    /// Sends events one after the other, stopping at the first that fails.
    @discardableResult
    public func send(_ events: [Event]) throws -> [SentEvent] {
        try events.map { try send($0) }
    }

    /// Delivers every journaled event's actions, with their recorded colours, to the current
    /// subscribers, without journaling them again: how a new process picks up where the last left.
    ///
    /// - Returns: how many entries were delivered.
    @discardableResult
    public func restore() throws -> Int {
        try registry.withLock { registry in
            let entries = try journal.allEntries()
            for entry in entries {
                let actions = try table.actions(for: entry.event, recordedColors: entry.colors).filter { !$0.isDefault }
                Self.deliver(actions, through: registry)
            }
            return entries.count
        }
    }

    /// Returns once every subscriber has handled every action sent before the call.
    public func flush() async {
        let mailboxes = registry.withLock { $0.mailboxes.values.flatMap(\.values) }
        for mailbox in mailboxes {
            await withCheckedContinuation { mailbox.addBarrier($0) }
        }
    }

    /// The last `limit` journal entries (all when `nil`), oldest first.
    public func journal(limit: Int?) throws -> [JournalEntry] {
        if let limit, limit < 0 { throw MessageError.usage("--limit must be 0 or more, not \(limit)") }
        return try journal.entries(limit: limit)
    }

    /// The scene the whole journal leads to, rebuilt from the journal alone.
    public func replay() throws -> SceneState {
        try SceneState.replaying(journal.allEntries(), table: table)
    }

    private static func deliver(_ actions: [any ScreenAction], through registry: borrowing Registry) {
        for action in actions {
            guard let mailboxes = registry.mailboxes[ObjectIdentifier(type(of: action))] else { continue }
            let delivery = Delivery(action)
            for mailbox in mailboxes.values { mailbox.enqueue(delivery) }
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
