import ColorEventsEntity
import Mailbox

/// A subscription to one action type: a token that ends the subscription when it goes away.
///
/// Keep it for as long as the subscriber wants actions (a presenter keeps it in a property);
/// when the last reference goes, `deinit` unsubscribes, so a subscriber that is gone never
/// receives anything and nothing leaks. The queue underneath is the shared `Mailbox`
/// (Modules/Shared/Mailbox says why not `AsyncStream`).
public final class ActionSubscription<A: ScreenAction>: Sendable {
    @usableFromInline let mailbox: Mailbox
    private let unsubscribe: @Sendable () -> Void

    init(mailbox: Mailbox, unsubscribe: @escaping @Sendable () -> Void) {
        self.mailbox = mailbox
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
        mailbox.markRead()
        return ActionStream(mailbox: mailbox)
    }

    /// Every action received and not yet taken, in send order, without waiting.
    // Inlinable so the caller, which knows `A`, gets a specialised copy: unspecialised generic
    // code would look `A`'s metadata up on every call.
    @inlinable
    public func drain() -> [A] {
        // The bus files mailboxes by action type, so every item here is an `A`.
        mailbox.drain().compactMap { $0 as? A }
    }

    /// Ends the subscription now; actions not yet taken are dropped.
    public func cancel() {
        unsubscribe()
        mailbox.finish()
    }
}

/// The actions of one subscription, as an asynchronous sequence.
public struct ActionStream<A: ScreenAction>: AsyncSequence, Sendable {
    /// The element type.
    public typealias Element = A

    @usableFromInline let mailbox: Mailbox

    @inlinable
    init(mailbox: Mailbox) { self.mailbox = mailbox }

    /// An iterator that waits for each next action.
    @inlinable
    public func makeAsyncIterator() -> Iterator { Iterator(mailbox: mailbox) }

    /// Waits for each next action; `nil` once the subscription ended.
    public struct Iterator: AsyncIteratorProtocol {
        @usableFromInline let mailbox: Mailbox

        @inlinable
        init(mailbox: Mailbox) { self.mailbox = mailbox }

        /// The next action.
        @inlinable
        public mutating func next() async -> A? {
            while let item = await mailbox.next() {
                if let action = item as? A { return action }
            }
            return nil
        }
    }
}
