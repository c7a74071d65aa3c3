import Dispatch
import Foundation
import Synchronization

/// A stop asked for with Ctrl-C: the work in hand finishes and is kept, then the command ends.
///
/// The first SIGINT only sets the flag; a second one ends the process at once, as usual, so a
/// stuck run can still be left.
final class StopRequest: Sendable {
    private let requested = Atomic(false)
    /// Kept for as long as the request: a signal source that is released stops listening.
    private let source: Mutex<any DispatchSourceSignal>

    private init(source: sending any DispatchSourceSignal) {
        self.source = Mutex(source)
    }

    /// Whether Ctrl-C was pressed.
    var isRequested: Bool { requested.load(ordering: .acquiring) }

    /// Starts listening for SIGINT; the default action comes back after the first one.
    static func onInterrupt() -> StopRequest {
        signal(SIGINT, SIG_IGN)
        let request = StopRequest(source: DispatchSource.makeSignalSource(signal: SIGINT, queue: .global()))
        request.source.withLock { source in
            source.setEventHandler { [weak request] in
                request?.requested.store(true, ordering: .releasing)
                signal(SIGINT, SIG_DFL)
            }
            source.resume()
        }
        return request
    }
}
