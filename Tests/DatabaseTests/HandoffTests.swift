import Foundation
import Synchronization
import Testing

@testable import Database

@Suite("Handoff")
struct HandoffTests {
    struct Damaged: Error, Equatable {}

    /// Takes every batch, flattened, the way a database write does.
    static func drain<Item>(_ batches: Handoff.Batches<[Item]>) throws -> [Item] {
        var items: [Item] = []
        while let batch = try batches.next() { items.append(contentsOf: batch) }
        return items
    }

    /// Runs blocking code on a thread of its own, as a database's writer does: never on the tasks' threads.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    @Test("every item reaches the consumer once, in order, across many small batches")
    func order() async throws {
        let received = try await Handoff.run(
            depth: 1,
            produce: { send in
                for i in stride(from: 0, to: 1_000, by: 3) { try await send(Array(i..<min(i + 3, 1_000))) }
            },
            consume: { batches in try await Self.onThread { try Self.drain(batches) } })
        #expect(received == Array(0..<1_000))
    }

    @Test("the producer runs while the consumer is still taking: it is never ahead by more than the depth")
    func overlaps() async throws {
        let sent = Mutex(0)
        let aheadBy = try await Handoff.run(
            depth: 2,
            produce: { send in
                for i in 0..<50 {
                    try await send([i])
                    sent.withLock { $0 += 1 }
                }
            },
            consume: { batches in
                try await Self.onThread {
                    var taken = 0
                    var most = 0
                    while try batches.next() != nil {
                        taken += 1
                        Thread.sleep(forTimeInterval: 0.001)
                        most = max(most, sent.withLock { $0 } - taken)
                    }
                    return (taken, most)
                }
            })
        #expect(aheadBy.0 == 50)
        // The depth, plus the batch the producer has just queued before waiting.
        #expect(aheadBy.1 <= 2)
    }

    @Test("a producer's error is rethrown by the consumer, and what it queued before is not handed over")
    func producerFails() async {
        let consumed = Mutex(0)
        let error = await #expect(throws: Damaged.self) {
            try await Handoff.run(
                depth: 4,
                produce: { send in
                    try await send([1, 2])
                    throw Damaged()
                },
                consume: { batches in
                    try await Self.onThread {
                        // Take nothing until the channel knows the producer threw.
                        batches.waitForProducerEnd()
                        while let batch = try batches.next() { consumed.withLock { $0 += batch.count } }
                    }
                })
        }
        #expect(error == Damaged())
        #expect(consumed.withLock { $0 } == 0)
    }

    @Test("a consumer's error stops the producer at its next send, and run returns only after it has stopped")
    func consumerFails() async {
        let state = Mutex((sent: 0, stoppedBy: nil as (any Error)?, returned: false))
        await #expect(throws: Damaged.self) {
            try await Handoff.run(
                depth: 1,
                produce: { send in
                    defer { state.withLock { $0.returned = true } }
                    do {
                        for i in 0..<1_000_000 {
                            try await send([i])
                            state.withLock { $0.sent += 1 }
                        }
                    } catch {
                        state.withLock { $0.stoppedBy = error }
                        throw error
                    }
                },
                consume: { batches in
                    try await Self.onThread {
                        while let batch = try batches.next(), batch != [10] {}
                        throw Damaged()
                    }
                })
        }
        let final = state.withLock { $0 }
        #expect(final.returned)
        #expect(final.stoppedBy is CancellationError)
        // At most the eleven taken, the one queued and the one waiting for room.
        #expect(final.sent <= 13)
    }

    @Test("next(whenIdle:) does the consumer's idle work only when no batch is waiting, then waits for the next")
    func idleWork() async throws {
        let queuedTwo = DispatchSemaphore(value: 0)
        let consumerIdle = DispatchSemaphore(value: 0)
        let (items, idleRuns) = try await Handoff.run(
            depth: 4,
            produce: { send in
                try await send([1])
                try await send([2])
                queuedTwo.signal()
                // The third batch comes only once the consumer has found nothing waiting.
                await withCheckedContinuation { continuation in
                    Thread {
                        consumerIdle.wait()
                        continuation.resume()
                    }
                    .start()
                }
                try await send([3])
            },
            consume: { batches in
                try await Self.onThread {
                    queuedTwo.wait()
                    var idleRuns = 0
                    var items: [Int] = []
                    for _ in 0..<3 {
                        let batch = try batches.next(whenIdle: {
                            idleRuns += 1
                            consumerIdle.signal()
                        })
                        items += batch ?? []
                    }
                    while let batch = try batches.next() { items += batch }
                    return (items, idleRuns)
                }
            })
        #expect(items == [1, 2, 3])
        #expect(idleRuns == 1)
    }

    @Test("a producer that sends nothing, or only empty batches, ends the run at once")
    func empty() async throws {
        let received = try await Handoff.run(
            produce: { send in try await send([Int]()) },
            consume: { batches in try await Self.onThread { try Self.drain(batches) } })
        #expect(received.isEmpty)
    }
}
