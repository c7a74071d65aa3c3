import Core
import Foundation

/// Keeps requests to arXiv `interval` seconds apart, across runs and processes, as arXiv's terms
/// ask of the query API, OAI-PMH and RSS together.
///
/// The time of the last request is kept in the `RequestLog` (a row of the library's database),
/// so a second run right after the first still waits; the wait goes through the injected clock.
public struct RequestGate: Sendable {
    private let interval: Double
    private let clock: WallClock
    private let log: any RequestLog

    /// Creates a gate keeping `interval` seconds (3 by arXiv's terms) between the requests `log` records.
    public init(interval: Double = 3, clock: WallClock, log: any RequestLog) {
        self.interval = interval
        self.clock = clock
        self.log = log
    }

    /// Sleeps until `interval` has passed since the last request of any run, then records this one.
    public func waitForTurn() async throws {
        if let last = try await log.lastRequestTime() {
            let wait = last.addingTimeInterval(interval).timeIntervalSince(clock.now())
            if wait > 0 { try await clock.sleep(min(wait, interval)) }
        }
        try await log.recordRequest(at: clock.now())
    }

    /// Records that a response has arrived: a slow answer moves the next request's turn later.
    public func answered() async throws {
        try await log.recordRequest(at: clock.now())
    }
}
