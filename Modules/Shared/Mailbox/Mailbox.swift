import Synchronization

/// One subscriber's queue: items in the order they were enqueued, each taken exactly once,
/// and barriers that tell a sender when the reader has handled everything before them.
///
/// Why not `AsyncStream`: the ColorEvents bus benchmark (docs/ColorEvents.md) measured
/// subscribers reading through `AsyncStream` 2.4x to 4.5x slower than through this queue: the
/// standard library's stream runs unspecialised generic code, looking its element's metadata
/// up on every `yield` and `next`, and suspends through a continuation even when an item is
/// queued. `AsyncChannel` (swift-async-algorithms) makes the sender wait for the reader, which
/// an event bus must not. The queue holds `any Sendable` so no call is generic.
///
/// Items are taken one at a time (`next()`, waiting) or all at once (`drain()`). A barrier
/// (`addBarrier`) is passed when the reader asks for the item after it, that is, once it has
/// handled every item before it; at once when the reader is already waiting, when the mailbox
/// is finished, or when nobody reads it with `next()` (a reader that drains has nothing in flight).
public final class Mailbox: Sendable {
    /// A sender waiting for the reader: resumed once, when the reader passes the barrier.
    public typealias Barrier = CheckedContinuation<Void, Never>

    private enum Item {
        case item(any Sendable)
        case barrier(Barrier)
    }

    private struct State {
        var items = Queue<Item>()
        var waiter: CheckedContinuation<(any Sendable)?, Never>?
        var finished = false
        /// Whether someone reads with `next()` (and so will pass barriers).
        var hasReader = false
    }

    private let state = Mutex(State())

    public init() {}

    /// Adds an item, handing it straight to a reader waiting for one; dropped once finished.
    public func enqueue(_ item: any Sendable) {
        let waiter = state.withLock { state -> CheckedContinuation<(any Sendable)?, Never>? in
            guard !state.finished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.items.append(.item(item))
            return nil
        }
        waiter?.resume(returning: item)
    }

    /// Records that the mailbox is read with `next()`, so barriers wait for the reader.
    public func markRead() {
        state.withLock { $0.hasReader = true }
    }

    /// Adds a barrier, passed once the reader has handled everything before it.
    public func addBarrier(_ barrier: Barrier) {
        let passed = state.withLock { state in
            guard !state.finished, state.hasReader, state.waiter == nil else { return true }
            state.items.append(.barrier(barrier))
            return false
        }
        if passed { barrier.resume() }
    }

    /// The next item, waiting for one; `nil` once the mailbox is finished or the task cancelled.
    public func next() async -> (any Sendable)? {
        // Fast path: an item is queued, so no continuation is needed.
        let (queued, passed, isEmpty) = state.withLock { state in Self.popItem(&state) }
        for waiter in passed { waiter.resume() }
        if let queued { return queued }
        if !isEmpty { return nil }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<(any Sendable)?, Never>) in
                let (item, passed, wait) = state.withLock { state -> ((any Sendable)?, [Barrier], Bool) in
                    let (item, passed, _) = Self.popItem(&state)
                    if item != nil || state.finished || Task.isCancelled { return (item, passed, false) }
                    state.waiter = continuation
                    return (nil, passed, true)
                }
                for waiter in passed { waiter.resume() }
                if !wait { continuation.resume(returning: item) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    /// Pops barriers up to the first item; `isEmpty` is false when the mailbox is finished.
    private static func popItem(_ state: inout State) -> (item: (any Sendable)?, passed: [Barrier], isEmpty: Bool) {
        var passed: [Barrier] = []
        while let entry = state.items.popFirst() {
            switch entry {
            case .item(let item): return (item, passed, false)
            case .barrier(let barrier): passed.append(barrier)
            }
        }
        return (nil, passed, !state.finished)
    }

    /// Every queued item, at once, without waiting (barriers among them are passed).
    public func drain() -> [any Sendable] {
        let (items, passed) = state.withLock { state in
            var items: [any Sendable] = []
            items.reserveCapacity(state.items.count)
            var passed: [Barrier] = []
            while let entry = state.items.popFirst() {
                switch entry {
                case .item(let item): items.append(item)
                case .barrier(let barrier): passed.append(barrier)
                }
            }
            return (items, passed)
        }
        for waiter in passed { waiter.resume() }
        return items
    }

    /// Ends the mailbox: queued items are dropped, barriers passed, a waiting reader gets `nil`.
    public func finish() {
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

/// A first-in first-out queue with amortised O(1) removal at the front.
struct Queue<Element> {
    private var storage: [Element] = []
    private var head = 0

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
