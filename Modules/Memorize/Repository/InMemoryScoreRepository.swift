import Core
import MemorizeEntity
import Synchronization

/// A high-score table in memory, for tests and throwaway runs.
public final class InMemoryScoreRepository: ScoreRepository {
    private let records = Mutex<[ScoreRecord]>([])

    /// Creates an empty table, or one holding `records`.
    public init(records: [ScoreRecord] = []) {
        self.records.withLock { $0 = records }
    }

    /// Keeps `record` and returns its rank in its theme.
    public func add(_ record: ScoreRecord) async throws -> Int {
        records.withLock { all in
            all.append(record)
            return 1 + all.filter { $0.theme.lowercased() == record.theme.lowercased() && $0.beats(record) }.count
        }
    }

    /// The best `limit` records per theme.
    public func top(theme: String?, limit: Int) async throws -> [ScoreRecord] {
        let all = records.withLock { $0 }
        let wanted = all.filter { record in theme.map { record.theme.lowercased() == $0.lowercased() } ?? true }
        let byTheme = Dictionary(grouping: wanted) { $0.theme.lowercased() }
        return byTheme.keys.sorted().flatMap { key in
            (byTheme[key] ?? []).sorted { $0.ranksAbove($1) }.prefix(max(0, limit))
        }
    }
}
