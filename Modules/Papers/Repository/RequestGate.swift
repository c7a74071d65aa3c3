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

    /// How many turns ahead a run may find taken (by other runs waiting too) and still wait for them.
    static let queueLimit = 20

    /// Gets `url` with `client`, each request in its turn: the first, every retry and every
    /// redirect wait out the interval since the last request of any run, and the answer's
    /// arrival is recorded, so a slow answer moves the next turn later.
    public func get(_ url: URL, with client: HTTPClient) async throws -> HTTPResponse {
        // Every answer's arrival is recorded (a redirect's and a failure's too), so the next turn
        // counts from it: a request sent late or answered slowly never shortens the gap.
        try await client.get(
            url, pace: { try await waitForTurn() }, answered: { try await log.recordAnswer(at: clock.now()) })
    }

    /// Takes the next turn (in one step, so two runs at once never take the same one) and sleeps until it comes.
    private func waitForTurn() async throws {
        let turn = try await log.claimTurn(now: clock.now(), interval: interval)
        let wait = turn.timeIntervalSince(clock.now())
        if wait > 0 { try await clock.sleep(wait) }
    }
}
