import ColorEventsEntity
import Synchronization

/// One subscriber's queue: actions in the order the bus sent them, each taken exactly once.
///
/// The bus appends while holding its registry lock, so every mailbox sees events in one global
/// order; the subscriber takes them one at a time (`next()`) or all at once (`drain()`).
/// A barrier is a marker `ColorEventBus.flush()` waits on: it is passed when the subscriber asks
/// for the action after it, that is, once it has handled every action before it.
///
/// The mailbox holds type-erased actions on purpose: generic code over a type known only at run
/// time would look its type metadata up on every call, which costs more than the delivery itself.
@usableFromInline
final class Mailbox: Sendable {
    typealias Barrier = CheckedContinuation<Void, Never>

    private enum Item {
        case action(Delivery)
        case barrier(Barrier)
    }

    private struct State {
        var items = Queue<Item>()
        var waiter: CheckedContinuation<(any ScreenAction)?, Never>?
        var finished = false
        /// Whether someone reads the mailbox as a stream (and so will pass barriers).
        var hasReader = false
    }

    private let state = Mutex(State())

    /// Adds an action, handing it straight to a subscriber waiting for one.
    func enqueue(_ delivery: Delivery) {
        let waiter = state.withLock { state -> CheckedContinuation<(any ScreenAction)?, Never>? in
            guard !state.finished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.items.append(.action(delivery))
            return nil
        }
        waiter?.resume(returning: delivery.action)
    }

    /// Records that the mailbox is read as a stream, so barriers wait for the reader.
    @usableFromInline
    func markRead() {
        state.withLock { $0.hasReader = true }
    }

    /// Adds a barrier, passed once the reader has handled everything before it.
    ///
    /// It passes at once when the reader is waiting (it has handled everything, including an
    /// action it was handed directly), when the mailbox is finished, or when nobody reads it
    /// as a stream (a subscriber that drains has nothing in flight).
    func addBarrier(_ barrier: Barrier) {
        let passed = state.withLock { state in
            guard !state.finished, state.hasReader, state.waiter == nil else { return true }
            state.items.append(.barrier(barrier))
            return false
        }
        if passed { barrier.resume() }
    }

    /// The next action, waiting for one; `nil` once the mailbox is finished or the task cancelled.
    @usableFromInline
    func next() async -> (any ScreenAction)? {
        // Fast path: an action is queued, so no continuation is needed.
        let (queued, passed, isEmpty) = state.withLock { state in Self.popAction(&state) }
        passed.forEach { $0.resume() }
        if let queued { return queued }
        if !isEmpty { return nil }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<(any ScreenAction)?, Never>) in
                let (action, passed, wait) = state.withLock { state -> ((any ScreenAction)?, [Barrier], Bool) in
                    let (action, passed, _) = Self.popAction(&state)
                    if action != nil || state.finished || Task.isCancelled { return (action, passed, false) }
                    state.waiter = continuation
                    return (nil, passed, true)
                }
                passed.forEach { $0.resume() }
                if !wait { continuation.resume(returning: action) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    /// Pops barriers up to the first action; `isEmpty` is false when the mailbox is finished.
    private static func popAction(_ state: inout State) -> (action: (any ScreenAction)?, passed: [Barrier], isEmpty: Bool) {
        var passed: [Barrier] = []
        while let item = state.items.popFirst() {
            switch item {
            case .action(let delivery): return (delivery.action, passed, false)
            case .barrier(let barrier): passed.append(barrier)
            }
        }
        return (nil, passed, !state.finished)
    }

    /// Every queued action, at once, without waiting.
    @usableFromInline
    func drain() -> [any ScreenAction] {
        let (actions, passed) = state.withLock { state in
            var actions: [any ScreenAction] = []
            actions.reserveCapacity(state.items.count)
            var passed: [Barrier] = []
            while let item = state.items.popFirst() {
                switch item {
                case .action(let delivery): actions.append(delivery.action)
                case .barrier(let barrier): passed.append(barrier)
                }
            }
            return (actions, passed)
        }
        passed.forEach { $0.resume() }
        return actions
    }

    /// Ends the mailbox: queued actions are dropped, barriers passed, a waiting subscriber gets `nil`.
    func finish() {
        let (waiter, items) = state.withLock { state in
            state.finished = true
            defer {
                state.waiter = nil
                state.items = Queue()
            }
            return (state.waiter, state.items)
        }
        waiter?.resume(returning: nil)
        var rest = items
        while let item = rest.popFirst() {
            if case .barrier(let barrier) = item { barrier.resume() }
        }
    }
}

/// One action on its way to every subscriber of its type: boxed once per send, so queueing
/// it for many subscribers costs a reference each, not a copy of the action.
final class Delivery: Sendable {
    let action: any ScreenAction

    init(_ action: any ScreenAction) { self.action = action }
}

/// A first-in first-out queue with amortised O(1) removal at the front.
struct Queue<Element> {
    private var storage: [Element] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }

    var count: Int { storage.count - head }

    mutating func append(_ element: Element) { storage.append(element) }

    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        // Drop the taken prefix once it is the larger half, so memory stays bounded.
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}
