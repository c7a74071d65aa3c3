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

    /// Takes the next turn.
    public func claimTurn(now: Date, interval: Double) async throws -> Date {
        last.withLock { last in
            let turn = Self.turn(after: last, now: now, interval: interval)
            last = turn
            return turn
        }
    }

    /// Records that an answer arrived, unless a later turn is taken.
    public func recordAnswer(at date: Date) async throws {
        last.withLock { last in last = max(last ?? date, date) }
    }
}
