import Foundation

/// Messages read on the reader thread, waiting for the server's loop.
///
/// The loop takes everything that has arrived at once: edits that came while it was busy are
/// applied together and checked once, which is the server's debounce (see docs/StrataLint.md).
final class Inbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var messages: [Incoming] = []
    private var closed = false

    /// What the reader thread hands over.
    enum Incoming {
        case message([UInt8])
        /// A frame that could not be read; the stream cannot be followed after it.
        case broken(String)
    }

    func put(_ message: Incoming) {
        condition.lock()
        messages.append(message)
        condition.signal()
        condition.unlock()
    }

    /// No more messages will come (the input ended).
    func close() {
        condition.lock()
        closed = true
        condition.signal()
        condition.unlock()
    }

    /// Everything that has arrived, waiting for at least one message; empty once closed and drained.
    func takeAll() -> [Incoming] {
        condition.lock()
        defer { condition.unlock() }
        while messages.isEmpty && !closed { condition.wait() }
        let taken = messages
        messages = []
        return taken
    }
}
