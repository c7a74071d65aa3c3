import MemorizeEntity
import Synchronization

/// A score table opened on first use: listing themes must not create or lock the database file.
public final class LazyScoreRepository: ScoreRepository {
    private let opener: @Sendable () throws -> any ScoreRepository
    private let opened = Mutex<(any ScoreRepository)?>(nil)

    public init(_ opener: @escaping @Sendable () throws -> any ScoreRepository) {
        self.opener = opener
    }

    /// Opens the table unless it is open.
    public func open() throws {
        _ = try repository()
    }

    /// Keeps a finished game in the table, opening it first.
    public func add(_ record: ScoreRecord) async throws -> Int { try await repository().add(record) }

    /// The best games per theme, opening the table first.
    public func top(theme: String?, limit: Int) async throws -> [ScoreRecord] {
        try await repository().top(theme: theme, limit: limit)
    }

    private func repository() throws -> any ScoreRepository {
        if let repository = opened.withLock({ $0 }) { return repository }
        // Opened outside the lock (opening is file I/O); should two callers race, the first to finish wins.
        let repository = try opener()
        return opened.withLock { current in
            if let current { return current }
            current = repository
            return repository
        }
    }
}
