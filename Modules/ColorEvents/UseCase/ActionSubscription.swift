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
    /// when it was called.
    // Inlinable so the caller, which knows `A`, gets a specialised copy: unspecialised generic
    // code would look `A`'s metadata up on every call.
    @inlinable
    public func drain() async -> [A] {
        var taken: [A] = []
        var iterator = inbox.stream.makeAsyncIterator()
        var count = inbox.queuedActions
        taken.reserveCapacity(count)
        while count > 0, let item = await iterator.next() {
            guard case .action(let action) = item else {
                item.pass()
                continue
            }
            count -= 1
            guard inbox.took() else { return [] }
            // The bus files inboxes by action type, so every action here is an `A`.
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
            while let item = await base.next() {
                guard case .action(let action) = item else {
                    item.pass()
                    continue
                }
                guard inbox.took() else { continue }  // cancelled: drop the rest, pass barriers
                if let action = action as? A { return action }
            }
            return nil
        }
    }
}

/// One subscriber's queue: an `AsyncStream` of the actions the bus sent it, in order, and the
/// few counters `drain()` and `flush()` need.
///
/// The stream holds type-erased actions on purpose: generic code over a type known only at run
/// time would look its type metadata up on every call, which costs more than the delivery itself.
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

    @usableFromInline let stream: AsyncStream<Item>
    private let continuation: AsyncStream<Item>.Continuation
    /// Actions queued and not yet taken: how many `drain()` takes.
    private let queued = Atomic<Int>(0)
    private let cancelled = Atomic<Bool>(false)
    /// Whether someone reads the stream (and so will pass barriers).
    private let hasReader = Atomic<Bool>(false)

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Item.self, bufferingPolicy: .unbounded)
    }

    /// Queues an action; the bus calls it under its lock, so every inbox sees one order.
    func enqueue(_ action: any ScreenAction) {
        queued.add(1, ordering: .relaxed)
        continuation.yield(.action(action))
    }

    /// Queues a barrier, passed once the reader has handled everything before it; at once when
    /// nobody reads the stream (a subscriber that drains has nothing in flight) or it ended.
    func addBarrier(_ barrier: Barrier) {
        guard hasReader.load(ordering: .acquiring), !cancelled.load(ordering: .acquiring) else { return barrier.pass() }
        if case .terminated = continuation.yield(.barrier(barrier)) { barrier.pass() }
    }

    @usableFromInline var queuedActions: Int { queued.load(ordering: .relaxed) }

    /// Records that an action was taken; `false` when the subscription was cancelled (drop it).
    @usableFromInline
    func took() -> Bool {
        queued.subtract(1, ordering: .relaxed)
        return !cancelled.load(ordering: .acquiring)
    }

    @usableFromInline
    func markRead() { hasReader.store(true, ordering: .releasing) }

    /// Ends the stream: a reader gets what is queued (actions dropped, barriers passed), then `nil`.
    func finish() {
        cancelled.store(true, ordering: .releasing)
        continuation.finish()
    }
}

/// The marker `flush()` waits on: passed once, by the reader, or when it is dropped unread
/// (the stream went away), so a flush never waits for a subscriber that is gone.
@usableFromInline
final class Barrier: Sendable {
    private let continuation: Mutex<CheckedContinuation<Void, Never>?>

    init(_ continuation: CheckedContinuation<Void, Never>) {
        self.continuation = Mutex(continuation)
    }

    @usableFromInline
    func pass() {
        continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }?.resume()
    }

    deinit { pass() }
}
