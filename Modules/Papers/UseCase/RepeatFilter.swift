import Core
import Foundation
import PapersEntity
import Synchronization

/// Counts the papers of one import and spots entries for a paper already seen in it.
///
/// A repeat is saved only when it supersedes the copy seen before (a later version in a later
/// page); either way it is counted as a repeat, not as another paper. Only one number per id is
/// kept (`stamp`), so a 3-million-paper snapshot needs about 100 MB for it. A class behind a
/// lock: the library may read the input on another thread than the one that asks for the counts.
final class RepeatFilter: Sendable {
    private struct State {
        var newest: [String: Int64] = [:]
        var repeats = 0
    }

    private let state = Mutex(State())

    /// Entries for a paper seen before in this import.
    var repeats: Int { state.withLock { $0.repeats } }

    /// Distinct papers seen.
    var distinct: Int { state.withLock { $0.newest.count } }

    /// Records `paper`; whether to save it: its first entry, or a repeat newer than the one seen.
    func isNew(_ paper: Paper) -> Bool {
        let stamp = Self.stamp(paper)
        return state.withLock { state in
            guard let seen = state.newest[paper.id] else {
                state.newest[paper.id] = stamp
                return true
            }
            state.repeats += 1
            guard stamp > seen else { return false }
            state.newest[paper.id] = stamp
            return true
        }
    }

    /// A paper's version and update time as one number that orders the way repeats are judged:
    /// by version, then by update time.
    ///
    /// Half the memory of a (version, date) pair: 34 MB less for 3 million papers. Milliseconds
    /// since 1970 take the low 44 bits (until the year 2527; earlier dates count as 1970) and the
    /// version the 19 above them.
    static func stamp(_ paper: Paper) -> Int64 {
        let milliseconds = min(max(paper.updated.millisecondsSince1970, 0), (1 << 44) - 1)
        return Int64(min(max(paper.version, 0), (1 << 19) - 1)) << 44 | milliseconds
    }
}
