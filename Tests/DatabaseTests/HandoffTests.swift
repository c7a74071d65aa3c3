import Database
import Foundation
import Synchronization
import Testing

@Suite("Handoff")
struct HandoffTests {
    struct Damaged: Error, Equatable {}

    @Test("every item reaches the consumer once, in order, across many small batches")
    func order() throws {
        var received: [Int] = []
        try Handoff.run(
            batchSize: 3, depth: 1, produce: { send in for i in 0..<1_000 { try send(i) } },
            consume: { received.append($0) })
        #expect(received == Array(0..<1_000))
    }

    @Test("the producer runs on another thread than the consumer")
    func otherThread() throws {
        let consumer = pthread_self()
        var producers: [pthread_t] = []
        try Handoff.run(produce: { send in try send(pthread_self()) }, consume: { producers.append($0) })
        #expect(producers.count == 1)
        #expect(pthread_equal(producers[0], consumer) == 0)
    }

    @Test("a producer's error is rethrown, and what it still queued is not consumed")
    func producerFails() {
        let consumed = Mutex(0)
        let error = #expect(throws: Damaged.self) {
            try Handoff.run(
                batchSize: 10,
                produce: { send in
                    for i in 0..<5 { try send(i) }
                    throw Damaged()
                }, consume: { _ in consumed.withLock { $0 += 1 } })
        }
        #expect(error == Damaged())
        // The five items were still in the producer's unsent batch when it threw.
        #expect(consumed.withLock { $0 } == 0)
    }

    @Test("a consumer's error stops the producer at its next send, and run returns only after it has stopped")
    func consumerFails() {
        let state = Mutex((sent: 0, stoppedBy: nil as (any Error)?, returned: false))
        #expect(throws: Damaged.self) {
            try Handoff.run(
                batchSize: 1, depth: 1,
                produce: { send in
                    defer { state.withLock { $0.returned = true } }
                    do {
                        for i in 0..<1_000_000 {
                            try send(i)
                            state.withLock { $0.sent += 1 }
                        }
                    } catch {
                        state.withLock { $0.stoppedBy = error }
                        throw error
                    }
                },
                consume: { item in
                    if item == 10 { throw Damaged() }
                })
        }
        let final = state.withLock { $0 }
        #expect(final.returned)
        #expect(final.stoppedBy is CancellationError)
        // At most the consumed items, the one queued and the one waiting to be queued.
        #expect(final.sent <= 13)
    }

    @Test("a producer that yields nothing ends the run at once")
    func empty() throws {
        var received: [Int] = []
        try Handoff.run(produce: { _ in }, consume: { received.append($0) })
        #expect(received.isEmpty)
    }
}
