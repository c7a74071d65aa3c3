import Synchronization

/// Runs an operation and gives up waiting for it after a time limit.
///
/// The operation runs in a task of its own, and the caller waits for whichever comes first: its
/// result, the limit, or the caller's cancellation. A database call that hangs (a server stopped,
/// a network gone quiet) cannot be relied on to notice cancellation, so it is not waited for:
/// it is cancelled and left to end on its own, while the caller goes on with `DeadlinePassed`.
enum Deadline {
    /// The limit passed with no result.
    struct Passed: Error {}

    /// The result of `operation`, or `Passed` once `limit` has elapsed without one.
    static func run<Value: Sendable>(
        within limit: Duration, _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let race = Race<Value>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation)
                let work = Task {
                    let result: Result<Value, any Error>
                    do { result = .success(try await operation()) } catch { result = .failure(error) }
                    race.finish(result)
                }
                let timer = Task {
                    // Cancelled when the work finishes first: then it ends at once and finishes nothing.
                    guard (try? await Task.sleep(for: limit)) != nil else { return }
                    race.finish(.failure(Passed()))
                }
                race.track(work: work, timer: timer)
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }
}

/// The first of several outcomes, delivered once; the others are dropped, and the tasks still running are cancelled.
private final class Race<Value: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Value, any Error>?
        var outcome: Result<Value, any Error>?
        var work: Task<Void, Never>?
        var timer: Task<Void, Never>?
    }

    private let state = Mutex(State())

    /// Waits with `continuation`; an outcome that came first (the caller was cancelled) is delivered at once.
    func start(_ continuation: CheckedContinuation<Value, any Error>) {
        let early = state.withLock { state -> Result<Value, any Error>? in
            if let outcome = state.outcome { return outcome }
            state.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    /// Keeps the tasks to cancel once an outcome is known (at once when it is known already).
    func track(work: Task<Void, Never>, timer: Task<Void, Never>) {
        let decided = state.withLock { state -> Bool in
            state.work = work
            state.timer = timer
            return state.outcome != nil
        }
        if decided {
            work.cancel()
            timer.cancel()
        }
    }

    /// Delivers `outcome` unless another came first.
    func finish(_ outcome: Result<Value, any Error>) {
        let taken = state.withLock {
            state -> (CheckedContinuation<Value, any Error>?, Task<Void, Never>?, Task<Void, Never>?)? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.continuation = nil }
            return (state.continuation, state.work, state.timer)
        }
        guard let (continuation, work, timer) = taken else { return }
        work?.cancel()
        timer?.cancel()
        continuation?.resume(with: outcome)
    }
}
