import Observation
import Synchronization

/// Knows whether a frame drawn from observable state is out of date: what drawing it read is
/// tracked, and a later change to any of it marks the frame changed.
///
/// Observation reports a change once, from whatever thread made it, and before the new value is
/// set; so the change is only noted here, and the app's loop draws again when it next looks
/// (`takeChange()`), or at once from `onChange` when the app owns the whole screen.
public final class ObservedFrame: Sendable {
    private let changed = Atomic<Bool>(false)

    public init() {}

    /// Runs `render`, tracking what it reads: the first later change to any of that marks the
    /// frame changed and calls `onChange`.
    public func draw<Frame>(_ render: () -> Frame, onChange: @escaping @Sendable () -> Void = {}) -> Frame {
        withObservationTracking(render) { [self] in
            changed.store(true, ordering: .releasing)
            onChange()
        }
    }

    /// Whether something the last frame read has changed since; clears the mark.
    public func takeChange() -> Bool { changed.exchange(false, ordering: .acquiringAndReleasing) }
}
