import Core
import Foundation
import HTTPClient

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

    /// Gets `url` with `client` in its turn: after waiting out the interval since the last request
    /// of any run, recording the request, and recording again when the answer has arrived.
    public func get(_ url: URL, with client: HTTPClient) async throws -> HTTPResponse {
        try await waitForTurn()
        let response = try await client.get(url)
        try await answered()
        return response
    }

    /// Sleeps until `interval` has passed since the last request of any run, then records this one.
    private func waitForTurn() async throws {
        if let last = try await log.lastRequestTime() {
            let wait = last.addingTimeInterval(interval).timeIntervalSince(clock.now())
            if wait > 0 { try await clock.sleep(min(wait, interval)) }
        }
        try await log.recordRequest(at: clock.now())
    }

    /// Records that a response has arrived: a slow answer moves the next request's turn later.
    private func answered() async throws {
        try await log.recordRequest(at: clock.now())
    }
}
