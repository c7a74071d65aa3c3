/// One read of a value shared by every caller that asks while it waits, never older than the ask.
///
/// Under load many requests ask for the same small value at once (the orders' revision, on
/// every `GET /orders`). Each would cost a round trip to the database. Here a caller that asks
/// while a read is under way waits for the *next* read, which starts after that one ends, so
/// after the caller asked: the answer is as fresh as a read of its own, and N concurrent
/// callers cost about two reads instead of N.
///
/// A read that fails fails the callers waiting for the next one too: a failure is never a stale
/// value, and it comes at once, so a caller never waits longer than the read under way when it
/// asked (each read of the database has its deadline, `PostgresStore.deadline`), however long
/// the database stays down.
public actor BatchedRead<Value: Sendable> {
    private let read: @Sendable () async throws -> Value
    private var waiting: [CheckedContinuation<Value, any Error>] = []
    private var draining = false

    /// Shares `read` among concurrent callers.
    public init(_ read: @escaping @Sendable () async throws -> Value) {
        self.read = read
    }

    /// How many callers wait for the next read (a test waits for them to queue up).
    var queued: Int { waiting.count }

    /// A value read after this call began.
    public func value() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            waiting.append(continuation)
            if !draining {
                draining = true
                Task { await drain() }
            }
        }
    }

    /// Reads once per batch of callers until none is left; the actor is free while a read runs.
    private func drain() async {
        while !waiting.isEmpty {
            let batch = waiting
            waiting = []
            let result: Result<Value, any Error>
            do {
                result = .success(try await read())
            } catch {
                result = .failure(error)
            }
            for continuation in batch { continuation.resume(with: result) }
            if case .failure = result {
                let late = waiting
                waiting = []
                for continuation in late { continuation.resume(with: result) }
            }
        }
        draining = false
    }
}
