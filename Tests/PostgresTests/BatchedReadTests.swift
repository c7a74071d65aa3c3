import Synchronization
import TestSupport
import Testing

@testable import Postgres

@Suite("Batched reads")
struct BatchedReadTests {
    /// A value read by a call that the test holds open until it lets it go.
    final class Source: Sendable {
        let value = Atomic<Int64>(0)
        let reads = Atomic<Int>(0)
        let gate = Gate()

        func read() async -> Int64 {
            reads.add(1, ordering: .relaxed)
            let seen = value.load(ordering: .sequentiallyConsistent)
            await gate.passed()
            return seen
        }
    }

    /// Closed until `open()`; then every waiter, and everyone after, goes through.
    final class Gate: Sendable {
        private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

        func passed() async {
            await withCheckedContinuation { continuation in
                let isOpen = state.withLock { state in
                    if !state.open { state.waiting.append(continuation) }
                    return state.open
                }
                if isOpen { continuation.resume() }
            }
        }

        func open() {
            let waiting = state.withLock { state in
                state.open = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in waiting { continuation.resume() }
        }
    }

    @Test("callers that ask while a read is under way share the next one, and none gets a value read before it asked")
    func freshAndShared() async throws {
        let source = Source()
        let batched = BatchedRead { await source.read() }
        let others = 199
        // The callers queue once the cooperative pool has a thread for them: other suites' blocking
        // waits may hold both of a 2-core machine's threads for minutes, so the waits below are
        // for the event, not a speed (30 minutes only keeps a broken BatchedRead from hanging).
        let patience = Duration.seconds(1_800)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            // On every way out, a failed wait included: the group then waits for its callers, and
            // those behind a closed gate would wait forever.
            defer { source.gate.open() }
            group.addTask { try await batched.value() >= 0 }
            // The first read is under way, held by the gate.
            try await Waiting.until("the first read to start", timeout: patience) {
                source.reads.load(ordering: .relaxed) == 1
            }
            for caller in 0..<others {
                group.addTask {
                    // Every fifth caller changes the value first, as a write in another process would.
                    if caller.isMultiple(of: 5) { source.value.add(1, ordering: .sequentiallyConsistent) }
                    let asked = source.value.load(ordering: .sequentiallyConsistent)
                    return try await batched.value() >= asked
                }
            }
            try await Waiting.until("\(others) callers to queue for the next read", timeout: patience) {
                await batched.queued == others
            }
            source.gate.open()
            let fresh = try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            #expect(fresh == others + 1, "\(others + 1 - fresh) callers got a value read before they asked")
        }
        // The read under way, then one for everyone who asked meanwhile.
        #expect(source.reads.load(ordering: .relaxed) == 2)
    }

    @Test("a failed read fails every caller of its batch, and the next read starts afresh")
    func failure() async throws {
        struct Down: Error {}
        let failing = Atomic<Bool>(true)
        let batched = BatchedRead<Int> {
            if failing.load(ordering: .relaxed) { throw Down() }
            return 7
        }
        await #expect(throws: Down.self) { try await batched.value() }
        failing.store(false, ordering: .relaxed)
        #expect(try await batched.value() == 7)
    }
}
