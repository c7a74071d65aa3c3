import Postgres
import Synchronization
import Testing

@Suite("Batched reads")
struct BatchedReadTests {
    final class Source: Sendable {
        let value = Atomic<Int64>(0)
        let reads = Atomic<Int>(0)

        func read() async throws -> Int64 {
            reads.add(1, ordering: .relaxed)
            let seen = value.load(ordering: .sequentiallyConsistent)
            try await Task.sleep(for: .milliseconds(2))
            return seen
        }
    }

    @Test("concurrent callers share reads, and none gets a value read before it asked")
    func freshAndShared() async throws {
        let source = Source()
        let batched = BatchedRead { try await source.read() }
        let callers = 200
        let stale = try await withThrowingTaskGroup(of: Bool.self) { group in
            for caller in 0..<callers {
                group.addTask {
                    // Every fifth caller changes the value first, as a write in another process would.
                    if caller.isMultiple(of: 5) { source.value.add(1, ordering: .sequentiallyConsistent) }
                    let asked = source.value.load(ordering: .sequentiallyConsistent)
                    return try await batched.value() < asked
                }
            }
            return try await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(stale == 0)
        #expect(source.reads.load(ordering: .relaxed) < callers)
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
