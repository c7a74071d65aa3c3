import Foundation

/// Waits for an event a test cannot be told about, by asking until it holds; fails saying what it waited for.
///
/// `timeout` bounds a wait on a loaded machine: it is never a speed the test checks.
public enum Waiting {
    /// The wait ran out: `what` never held.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(_ description: String) {
            self.description = description
        }

        init(waited timeout: Duration, for what: String, lastError: (any Error)?) {
            self.init("waited \(timeout) for \(what)" + (lastError.map { " (last: \($0))" } ?? ""))
        }
    }

    /// Asks `condition` every `interval` until it holds; throws `Failure` naming `what` after `timeout`.
    ///
    /// `condition`'s errors count as "not yet" (a server between restarts); the last one is in the failure.
    public static func until(
        _ what: String, timeout: Duration = .seconds(60), interval: Duration = .milliseconds(50),
        _ condition: () async throws -> Bool
    ) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var lastError: (any Error)?
        while true {
            do {
                if try await condition() { return }
            } catch {
                lastError = error
            }
            guard clock.now < deadline else { throw Failure(waited: timeout, for: what, lastError: lastError) }
            try await Task.sleep(for: interval)
        }
    }

    /// `until` for a thread that may block: asks `condition` every `interval` until it holds.
    public static func blockingUntil(
        _ what: String, timeout: Duration = .seconds(60), interval: Duration = .milliseconds(10),
        _ condition: () throws -> Bool
    ) throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var lastError: (any Error)?
        while true {
            do {
                if try condition() { return }
            } catch {
                lastError = error
            }
            guard clock.now < deadline else { throw Failure(waited: timeout, for: what, lastError: lastError) }
            Thread.sleep(
                forTimeInterval: Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18)
        }
    }
}
