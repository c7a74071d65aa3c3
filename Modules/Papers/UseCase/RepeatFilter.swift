import Foundation
import PapersEntity
import Synchronization

/// Counts the papers of one import and spots entries for a paper already seen in it.
///
/// A repeat is saved only when it supersedes the copy seen before (a later version in a later
/// page); either way it is counted as a repeat, not as another paper. Only the version and the
/// update date are kept per id, so memory stays small for 100,000 papers. A class behind a lock:
/// the library may read the input on another thread than the one that asks for the counts.
final class RepeatFilter: Sendable {
    private struct State {
        var newest: [String: (version: Int, updated: Date)] = [:]
        var repeats = 0
    }

    private let state = Mutex(State())

    /// Entries for a paper seen before in this import.
    var repeats: Int { state.withLock { $0.repeats } }

    /// Distinct papers seen.
    var distinct: Int { state.withLock { $0.newest.count } }

    /// Records `paper`; whether to save it: its first entry, or a repeat newer than the one seen.
    func isNew(_ paper: Paper) -> Bool {
        state.withLock { state in
            guard let seen = state.newest[paper.id] else {
                state.newest[paper.id] = (paper.version, paper.updated)
                return true
            }
            state.repeats += 1
            let supersedes =
                paper.version != seen.version ? paper.version > seen.version : paper.updated > seen.updated
            if supersedes { state.newest[paper.id] = (paper.version, paper.updated) }
            return supersedes
        }
    }
}
