import ColorEventsEntity
import Synchronization

/// A subscription to one action type: a token that ends the subscription when it goes away.
///
/// Keep it for as long as the subscriber wants actions (a presenter keeps it in a property);
/// when the last reference goes, `deinit` unsubscribes, so a subscriber that is gone never
/// receives anything and nothing leaks.
///
/// Read it one way at a time: through `actions` (a task looping, as a presenter does) or
/// through `drain()`; the queue underneath is an `AsyncStream`, which has one reader at a time.
public final class ActionSubscription<A: ScreenAction>: Sendable {
    @usableFromInline let inbox: Inbox
    private let unsubscribe: @Sendable () -> Void

    init(inbox: Inbox, unsubscribe: @escaping @Sendable () -> Void) {
        self.inbox = inbox
        self.unsubscribe = unsubscribe
    }

    deinit { cancel() }

    /// The actions as they arrive, in send order; the sequence ends when the subscription does.
    ///
    /// The sequence does not keep the subscription alive: a task looping over it stops when
    /// the owner of the subscription goes away. Taking it tells the bus that `flush()` must
    /// wait for this reader.
    @inlinable
    public var actions: ActionStream<A> {
        inbox.markRead()
        return ActionStream(inbox: inbox)
    }

    /// Every action received and not yet taken, in send order.
    ///
    /// It never waits for an action that was not sent yet: it takes as many as were queued
    /// when it was called. Before `actions` is taken this is a plain take under a lock; after,
    /// the actions are in the stream, and it reads them from there.
    // Inlinable so the caller, which knows `A`, gets a specialised copy: unspecialised generic
    // code would look `A`'s metadata up on every call.
    @inlinable
    public func drain() async -> [A] {
        // The bus files inboxes by action type, so every action here is an `A`.
        guard let count = inbox.streamedCount() else { return inbox.takePending().compactMap { $0 as? A } }
        var taken: [A] = []
        taken.reserveCapacity(count)
        var iterator = inbox.stream.makeAsyncIterator()
        var remaining = count
        while remaining > 0, let item = await iterator.next() {
            guard case .action(let action) = item else {
                item.pass()
                continue
            }
            remaining -= 1
            guard inbox.took() else { return [] }
            if let action = action as? A { taken.append(action) }
        }
        return taken
    }

    /// Ends the subscription now; actions not yet taken are dropped.
    public func cancel() {
        unsubscribe()
        inbox.finish()
    }
}

/// The actions of one subscription, as an asynchronous sequence.
public struct ActionStream<A: ScreenAction>: AsyncSequence, Sendable {
    /// The element type.
    public typealias Element = A

    @usableFromInline let inbox: Inbox

    @inlinable
    init(inbox: Inbox) { self.inbox = inbox }

    /// An iterator that waits for each next action.
    @inlinable
    public func makeAsyncIterator() -> Iterator { Iterator(inbox: inbox) }

    /// Waits for each next action; `nil` once the subscription ended.
    public struct Iterator: AsyncIteratorProtocol {
        @usableFromInline let inbox: Inbox
        @usableFromInline var base: AsyncStream<Inbox.Item>.Iterator

        @inlinable
        init(inbox: Inbox) {
            self.inbox = inbox
            base = inbox.stream.makeAsyncIterator()
        }

        /// The next action.
        @inlinable
        public mutating func next() async -> A? {
            // Asking for the next action means the last one was handled: barriers queued after
            // it pass here, which is how `flush()` knows the reader is done.
            inbox.startWaiting()
            while let item = await base.next() {
                guard case .action(let action) = item else {
                    item.pass()
                    continue
                }
                guard inbox.took() else { continue }  // cancelled: drop the rest, pass barriers
                if let action = action as? A { return action }
                inbox.startWaiting()
            }
            return nil
        }
    }
}

/// One subscriber's queue: until someone reads `actions`, a plain array `drain()` takes from;
/// from then on an `AsyncStream`, which does the waiting and the waking.
///
/// Both hold type-erased actions on purpose: generic code over a type known only at run time
/// would look its type metadata up on every call, which costs more than the delivery itself.
@usableFromInline
final class Inbox: Sendable {
    /// What the stream carries: an action, or a marker `flush()` waits on.
    @usableFromInline
    enum Item: Sendable {
        case action(any ScreenAction)
        case barrier(Barrier)

        /// Lets a `flush()` waiting on this marker go on; nothing for an action.
        @usableFromInline
        func pass() {
            if case .barrier(let barrier) = self { barrier.pass() }
        }
    }

    /// Actions for `drain()`, while nobody reads the stream.
    private let pending = Mutex<[any ScreenAction]>([])
    /// Set, under `pending`'s lock, once the pending actions went into the stream.
    private let streaming = Atomic<Bool>(false)
    private let cancelled = Atomic<Bool>(false)
    /// Actions in the stream not taken yet.
    private let streamed = Atomic<Int>(0)
    /// Whether the reader waits in `next()`, so it has handled everything it took.
    private let readerWaiting = Atomic<Bool>(false)

    @usableFromInline let stream: AsyncStream<Item>
    private let continuation: AsyncStream<Item>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Item.self, bufferingPolicy: .unbounded)
    }

    /// Queues an action. The bus calls it under its lock, so every inbox sees one order, and
    /// never for one inbox from two threads at once.
    func enqueue(_ action: any ScreenAction) {
        if !streaming.load(ordering: .acquiring) {
            let queued = pending.withLock { pending in
                // Checked again under the lock: `markRead()` may have just moved the queue.
                guard !streaming.load(ordering: .acquiring) else { return false }
                if !cancelled.load(ordering: .acquiring) { pending.append(action) }
                return true
            }
            if queued { return }
        }
        streamed.add(1, ordering: .sequentiallyConsistent)
        continuation.yield(.action(action))
    }

    /// Switches to the stream: what `drain()` would have taken goes first, in order.
    @usableFromInline
    func markRead() {
        pending.withLock { pending in
            guard !streaming.load(ordering: .acquiring) else { return }
            streamed.add(pending.count, ordering: .sequentiallyConsistent)
            for action in pending { continuation.yield(.action(action)) }
            pending = []
            // Only now: an `enqueue` that sees the flag yields after everything moved here.
            streaming.store(true, ordering: .releasing)
        }
    }

    /// The queued actions when nobody reads the stream, taken; empty once cancelled.
    @usableFromInline
    func takePending() -> [any ScreenAction] {
        pending.withLock { pending in
            defer { pending = [] }
            return pending
        }
    }

    /// How many actions wait in the stream; `nil` while the actions are not streamed.
    @usableFromInline
    func streamedCount() -> Int? {
        streaming.load(ordering: .acquiring) ? streamed.load(ordering: .sequentiallyConsistent) : nil
    }

    /// Records that the reader waits for its next action, having handled the last.
    @usableFromInline
    func startWaiting() {
        readerWaiting.store(true, ordering: .sequentiallyConsistent)
    }

    /// Records that an action was taken from the stream; `false` when the subscription was cancelled (drop it).
    @usableFromInline
    func took() -> Bool {
        // Busy first, then one fewer queued: whoever sees none queued also sees it busy.
        readerWaiting.store(false, ordering: .sequentiallyConsistent)
        streamed.subtract(1, ordering: .sequentiallyConsistent)
        return !cancelled.load(ordering: .acquiring)
    }

    /// Whether `flush()` must wait for this reader: it reads the stream and has not handled
    /// everything (an action is queued, or it is busy with the last one it took).
    func needsBarrier() -> Bool {
        guard streaming.load(ordering: .acquiring), !cancelled.load(ordering: .acquiring) else { return false }
        return streamed.load(ordering: .sequentiallyConsistent) > 0 || !readerWaiting.load(ordering: .sequentiallyConsistent)
    }

    /// Queues a barrier behind everything sent so far; passed at once if the stream ended.
    func addBarrier(_ barrier: Barrier) {
        if case .terminated = continuation.yield(.barrier(barrier)) { barrier.pass() }
    }

    /// Ends the queue: pending actions dropped; a reader gets the rest of the stream (actions
    /// dropped, barriers passed), then `nil`.
    func finish() {
        cancelled.store(true, ordering: .releasing)
        pending.withLock { $0 = [] }
        continuation.finish()
    }
}

/// One inbox's share of a `flush()`: passed once, by the reader, or when it is dropped unread
/// (the stream went away), so a flush never waits for a subscriber that is gone.
@usableFromInline
final class Barrier: Sendable {
    private let countdown: FlushCountdown
    private let passed = Atomic<Bool>(false)

    init(_ countdown: FlushCountdown) { self.countdown = countdown }

    @usableFromInline
    func pass() {
        if !passed.exchange(true, ordering: .acquiringAndReleasing) { countdown.done() }
    }

    deinit { pass() }
}

/// Resumes a waiting `flush()` once every inbox it marked has passed its barrier.
final class FlushCountdown: Sendable {
    private let state: Mutex<(remaining: Int, continuation: CheckedContinuation<Void, Never>?)>

    init(_ count: Int, _ continuation: CheckedContinuation<Void, Never>) {
        state = Mutex((count, continuation))
    }

    func done() {
        state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.remaining -= 1
            guard state.remaining == 0 else { return nil }
            defer { state.continuation = nil }
            return state.continuation
        }?.resume()
    }
}
