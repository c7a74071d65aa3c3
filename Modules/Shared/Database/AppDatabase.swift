import Core
import Foundation
import GRDB

/// A feature's SQLite database: opened in WAL mode with a busy timeout, and migrated.
///
/// Repositories take an `AppDatabase` and use its `writer`; the factory creates one per
/// process and injects it. Every migration runs in its own transaction, so a failed
/// migration leaves the file as it was.
public struct AppDatabase: Sendable {
    /// The connection pool (or, in memory, the single connection) to read and write through.
    public let writer: any DatabaseWriter

    /// How long a writer waits for another process's lock before giving up.
    public static let defaultBusyTimeout: TimeInterval = 10

    /// Opens (creating if needed) the database file at `url` and runs `migrator`.
    ///
    /// - Throws: `DomainError.storage` with a line naming the file when it cannot be opened
    ///   or migrated.
    public init(url: URL, migrator: DatabaseMigrator, busyTimeout: TimeInterval = AppDatabase.defaultBusyTimeout) throws {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let pool = try DatabasePool(path: url.path, configuration: Self.configuration(busyTimeout: busyTimeout))
            try migrator.migrate(pool)
            writer = pool
        } catch {
            throw DomainError.storage(
                "cannot open the database at \(url.path): \(Self.reason(error)); check the path or pass another with --db")
        }
    }

    /// A private in-memory database, migrated: for tests and throwaway runs.
    public static func inMemory(migrator: DatabaseMigrator) throws -> AppDatabase {
        do {
            let queue = try DatabaseQueue(configuration: configuration(busyTimeout: defaultBusyTimeout))
            try migrator.migrate(queue)
            return AppDatabase(writer: queue)
        } catch {
            throw DomainError.storage("cannot create an in-memory database: \(reason(error))")
        }
    }

    private init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// The journal mode SQLite reports, such as `wal`.
    public func journalMode() throws -> String {
        try writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    private static func configuration(busyTimeout: TimeInterval) -> Configuration {
        var configuration = Configuration()
        // Wait for other processes' locks instead of failing with "database is locked".
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        return configuration
    }

    /// SQLite's own message, without GRDB's SQL dump, so the error stays one line.
    static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "SQLite error \(error.resultCode.rawValue)" }
        return (error as NSError).localizedDescription
    }
}

extension DomainError {
    /// A storage error for a failed database operation, naming what was being done.
    public static func storage(_ doing: String, _ error: any Error) -> DomainError {
        if let error = error as? DomainError { return error }
        return .storage("\(doing) failed: \(AppDatabase.reason(error))")
    }
}
