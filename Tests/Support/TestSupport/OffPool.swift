import Dispatch

/// Runs blocking work (a socket read) on a Dispatch thread, off Swift's cooperative pool: a test
/// whose server runs in the same process would otherwise take the threads that server needs.
public func offPool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}
