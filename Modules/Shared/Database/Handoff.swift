import Foundation

/// Runs a producer on a thread of its own and hands what it yields, in batches, to a consumer on the calling thread.
///
/// A bulk write is two kinds of work that need not wait for each other: reading the input
/// (parsing a file, building rows) and writing it (SQLite, which one connection does on one
/// thread). With the producer on a second core the write never waits for the parse. The
/// queue holds at most `depth` batches, so memory stays flat however much is produced.
///
/// Errors travel both ways: when `produce` throws, `run` rethrows it without consuming the
/// rest; when `consume` throws, the producer's next `send` throws `CancellationError` and
/// `run` rethrows the consumer's error. `run` returns only once the producer's thread has
/// finished, so nothing it started outlives the call.
public enum Handoff {
    /// Produces on a new thread and consumes on this one, in order, until the producer returns.
    ///
    /// - Parameters:
    ///   - batchSize: how many items cross between the threads at once (fewer wake-ups).
    ///   - depth: how many batches may wait for the consumer before the producer blocks.
    ///   - produce: yields every item to `send`, on the producer's thread.
    ///   - consume: handles each item, on the calling thread.
    public static func run<Item: Sendable>(
        batchSize: Int = 256,
        depth: Int = 4,
        produce: @escaping @Sendable (_ send: (Item) throws -> Void) throws -> Void,
        consume: (Item) throws -> Void
    ) throws {
        let channel = BatchChannel<Item>(depth: max(1, depth))
        let size = max(1, batchSize)
        let thread = Thread {
            var batch: [Item] = []
            batch.reserveCapacity(size)
            do {
                try produce { item in
                    batch.append(item)
                    if batch.count == size {
                        try channel.put(batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                if !batch.isEmpty { try channel.put(batch) }
                channel.finish(throwing: nil)
            } catch {
                channel.finish(throwing: error)
            }
        }
        // Parsers recurse; give the producer the stack a main thread would have.
        thread.stackSize = 8 << 20
        thread.start()
        do {
            while let batch = try channel.take() {
                for item in batch { try consume(item) }
            }
        } catch {
            channel.cancel()
            channel.waitUntilFinished()
            throw error
        }
    }
}

/// A bounded queue of batches between one producer thread and one consumer thread.
///
/// Unchecked `Sendable`: every stored property is read and written only with `condition` held.
private final class BatchChannel<Item: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let depth: Int
    /// At most `depth` batches, so taking the first is cheap.
    private var batches: [[Item]] = []
    private var finished = false
    private var failure: (any Error)?
    private var cancelled = false

    init(depth: Int) {
        self.depth = depth
    }

    /// Queues a batch, waiting while the queue is full; throws once the consumer has given up.
    func put(_ batch: [Item]) throws {
        condition.lock()
        defer { condition.unlock() }
        while batches.count >= depth && !cancelled { condition.wait() }
        if cancelled { throw CancellationError() }
        batches.append(batch)
        condition.broadcast()
    }

    /// The next batch, or nil once the producer has finished and everything is taken.
    ///
    /// Throws the producer's error as soon as it is known: what is still queued would only
    /// be rolled back.
    func take() throws -> [Item]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let failure { throw failure }
            if !batches.isEmpty {
                let batch = batches.removeFirst()
                condition.broadcast()
                return batch
            }
            if finished { return nil }
            condition.wait()
        }
    }

    /// Records that the producer returned (`nil`) or threw.
    func finish(throwing error: (any Error)?) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// Tells the producer to stop at its next `put`.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until the producer has returned or thrown.
    func waitUntilFinished() {
        condition.lock()
        while !finished { condition.wait() }
        condition.unlock()
    }
}
