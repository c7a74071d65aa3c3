import PapersEntity
import Synchronization

/// A value made on first use by a closure that reads files; what it made, or the error it threw, is kept.
///
/// Made outside the lock (it reads files): two first uses at once both make it, and the first kept wins.
final class LoadedOnce<Value: Sendable>: Sendable {
    private let load: @Sendable () throws(PapersError) -> Value
    private let loaded = Mutex<Result<Value, PapersError>?>(nil)

    init(_ load: @escaping @Sendable () throws(PapersError) -> Value) {
        self.load = load
    }

    /// The value, made now if this is the first use.
    func value() throws(PapersError) -> Value {
        if let done = loaded.withLock({ $0 }) { return try done.get() }
        let result: Result<Value, PapersError>
        do throws(PapersError) {
            result = .success(try load())
        } catch {
            result = .failure(error)
        }
        return try loaded.withLock { stored in
            let kept = stored ?? result
            stored = kept
            return kept
        }.get()
    }
}
