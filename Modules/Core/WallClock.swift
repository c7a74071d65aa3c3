import Foundation
import Synchronization

/// The time of day and the way to wait, injected so tests never sleep for real.
///
/// Live code uses `.live`; tests use a `ManualClock`, whose `sleep` moves its time forward
/// at once and records how long each wait asked for.
public struct WallClock: Sendable {
    /// The current time.
    public var now: @Sendable () -> Date
    /// Waits for the given number of seconds (or returns early when the task is cancelled).
    public var sleep: @Sendable (_ seconds: Double) async throws -> Void

    /// Creates a clock from its two endpoints.
    public init(
        now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (_ seconds: Double) async throws -> Void
    ) {
        self.now = now
        self.sleep = sleep
    }

    /// The system clock, with real sleeps.
    public static let live = WallClock(
        now: { Date() },
        sleep: { seconds in
            guard seconds > 0 else { return }
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
        }
    )

    /// A clock stopped at 2023-11-14 22:13:20 UTC: what every feature's `inMemory` uses unless
    /// told otherwise, so tests read the same time in every feature. An app that runs in memory
    /// for real passes `.live`.
    public static let reference = fixed(Date(timeIntervalSince1970: 1_700_000_000))

    /// A clock stopped at `date` whose sleeps return at once.
    public static func fixed(_ date: Date) -> WallClock {
        WallClock(now: { date }, sleep: { _ in })
    }
}

/// A test clock: time moves only when a test advances it or code sleeps on it.
public final class ManualClock: Sendable {
    private struct State {
        var now: Date
        var sleeps: [Double] = []
    }
    private let state: Mutex<State>

    /// Creates a clock that starts at `start`.
    public init(start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        state = Mutex(State(now: start))
    }

    /// The clock's current time.
    public var now: Date { state.withLock { $0.now } }

    /// Every wait asked of the clock, in seconds, in order.
    public var sleeps: [Double] { state.withLock { $0.sleeps } }

    /// Moves the time forward.
    public func advance(by seconds: Double) {
        state.withLock { $0.now += seconds }
    }

    /// The `WallClock` view of this clock, to inject.
    public var clock: WallClock {
        WallClock(
            now: { [self] in now },
            sleep: { [self] seconds in
                state.withLock {
                    $0.sleeps.append(seconds)
                    $0.now += max(0, seconds)
                }
            }
        )
    }
}
