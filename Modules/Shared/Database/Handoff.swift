import Foundation

/// Hands batches from an async producer to a consumer that must stay synchronous (inside a
/// database transaction), in order, with the two running at the same time.
///
/// A bulk write is two kinds of work that need not wait for each other: reading the input
/// (parsing a file, building rows) and writing it (SQLite, which one connection does on one
/// thread). The producer runs as a child task, so the write never waits for the parse; the
/// consumer takes batches with a blocking `next()` from the database's own thread, never from
/// a task's. At most `depth` batches wait, so memory stays flat however much is produced.
///
/// Errors travel both ways: when `produce` throws, the consumer's next `next()` throws it
/// without handing over what is still queued; when `consume` throws, the producer's next `send`
/// throws `CancellationError` and `run` rethrows the consumer's error. `run` returns only once
/// the producer has finished, so nothing it started outlives the call.
public enum Handoff {
    /// Runs `produce` as a child task and `consume` here, until the producer returns and every batch is taken.
    ///
    /// - Parameters:
    ///   - depth: how many batches may wait for the consumer before the producer's `send` waits.
    ///   - produce: hands every batch to `send`.
    ///   - consume: takes the batches from `Batches.next()`, in order, until it returns nil.
    public static func run<Batch: Sendable, Output: Sendable>(
        depth: Int = 4,
        produce: @escaping @Sendable (_ send: (Batch) async throws -> Void) async throws -> Void,
        consume: (_ batches: Batches<Batch>) async throws -> Output
    ) async throws -> Output {
        let channel = BatchChannel<Batch>(depth: max(1, depth))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                do {
                    try await produce { batch in try await channel.put(batch) }
                    channel.finish(throwing: nil)
                } catch {
                    channel.finish(throwing: error)
                }
            }
            // Once the consumer is done, however it ended, a producer still sending is stopped.
            defer { channel.cancel() }
            return try await consume(Batches(channel: channel))
        }
    }

    /// The consumer's side: batches in the order they were sent.
    public struct Batches<Batch: Sendable>: Sendable {
        fileprivate let channel: BatchChannel<Batch>

        /// The next batch, waiting for it; nil once the producer has returned and everything is taken.
        ///
        /// Blocks the calling thread: call it from a database's thread, not from a task.
        /// - Throws: the producer's error, as soon as it is known (what is still queued would only be rolled back).
        public func next() throws -> Batch? { try channel.take() }

        /// The next batch; when none is waiting yet, first runs `idle`: work the consumer has to
        /// do anyway, done while the producer catches up rather than after it finishes.
        ///
        /// Blocks the calling thread like `next()`.
        public func next(whenIdle idle: () throws -> Void) throws -> Batch? {
            if !channel.isWaiting { try idle() }
            return try channel.take()
        }

        /// Blocks until the producer has returned or thrown: for tests that must take after it ended.
        func waitForProducerEnd() { channel.waitUntilFinished() }
    }
}

/// A bounded queue of batches between an async producer and a blocking consumer.
///
/// Unchecked `Sendable`: every stored property is read and written only with `condition` held.
private final class BatchChannel<Batch: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let depth: Int
    /// At most `depth` batches, so taking the first is cheap.
    private var batches: [Batch] = []
    private var finished = false
    private var failure: (any Error)?
    private var cancelled = false
    /// The producer, waiting for room.
    private var waiting: CheckedContinuation<Void, any Error>?

    init(depth: Int) {
        self.depth = depth
    }

    /// Queues a batch, then waits while the queue is full; throws once the consumer has given up.
    func put(_ batch: Batch) async throws {
        try Task.checkCancellation()
        let full = try locked {
            if cancelled { throw CancellationError() }
            batches.append(batch)
            condition.broadcast()
            return batches.count >= depth
        }
        guard full else { return }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            locked {
                if cancelled {
                    continuation.resume(throwing: CancellationError())
                } else if batches.count < depth {
                    continuation.resume()
                } else {
                    waiting = continuation
                }
            }
        }
    }

    /// Blocks until `finish(throwing:)` has been called.
    func waitUntilFinished() {
        locked { while !finished { condition.wait() } }
    }

    /// Whether a batch, the end or an error is waiting to be taken.
    var isWaiting: Bool { locked { !batches.isEmpty || finished } }

    /// The next batch, or nil once the producer has finished and everything is taken.
    func take() throws -> Batch? {
        try locked {
            while true {
                if let failure { throw failure }
                if !batches.isEmpty {
                    let batch = batches.removeFirst()
                    waiting?.resume()
                    waiting = nil
                    return batch
                }
                if finished { return nil }
                condition.wait()
            }
        }
    }

    /// Records that the producer returned (`nil`) or threw.
    func finish(throwing error: (any Error)?) {
        locked {
            finished = true
            failure = error
            condition.broadcast()
        }
    }

    /// Tells the producer to stop: a waiting `put` and every later one throw `CancellationError`.
    func cancel() {
        locked {
            cancelled = true
            waiting?.resume(throwing: CancellationError())
            waiting = nil
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }
}
