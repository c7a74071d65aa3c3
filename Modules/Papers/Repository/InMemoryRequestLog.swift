import Foundation
import Synchronization

/// The request log in memory, for tests: one process's requests only.
public final class InMemoryRequestLog: RequestLog {
    private let last: Mutex<Date?>

    /// Creates a log, optionally with a request already recorded.
    public init(lastRequest: Date? = nil) {
        last = Mutex(lastRequest)
    }

    /// When the last API request was sent.
    public func lastRequestTime() async throws -> Date? { last.withLock { $0 } }

    /// Records an API request.
    public func recordRequest(at date: Date) async throws { last.withLock { $0 = date } }
}
