import Core
import Foundation
import GRDB

/// A feature's SQLite database: opened in WAL mode with a busy timeout, migrated, and read and
/// written through one wrapper that turns SQLite's failures into `StorageError`.
///
/// Repositories take an `AppDatabase` and go through `read` and `write`; the factory creates one
/// per process and injects it. Every migration runs in its own transaction, so a failed
/// migration leaves the file as it was.
public struct AppDatabase: Sendable {
    /// The connection pool (or, in memory, the single connection) behind `read` and `write`.
    public let writer: any DatabaseWriter

    /// How long a writer waits for another process's lock before giving up.
    public static let defaultBusyTimeout: TimeInterval = 10

    /// Opens the database file at `url`: with `.readWrite`, creating it (and its folders) if
    /// needed and running `migrator`; with `.readOnly`, an existing file only, never written.
    ///
    /// - Parameter renamedMigrations: old migration ids and the ids they have now, such as
    ///   `["v1-scores": "v1"]`: a file written under an old id is recognised, not migrated again.
    /// - Throws: `StorageError` (`.open`) naming the file when it cannot be opened or migrated;
    ///   `.missing` when a read finds no file, `.needsUpgrade` when it finds an old read-only one.
    public init(
        url: URL, migrator: DatabaseMigrator, renamedMigrations: [String: String] = [:],
        busyTimeout: TimeInterval = AppDatabase.defaultBusyTimeout, access: StorageAccess = .readWrite
    ) throws {
        do {
            switch access {
            case .readWrite:
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                writer = try Self.openPool(
                    url: url, migrator: migrator, renamed: renamedMigrations, busyTimeout: busyTimeout)
            case .readOnly:
                writer = try Self.openForReading(
                    url: url, migrator: migrator, renamed: renamedMigrations, busyTimeout: busyTimeout)
            }
        } catch {
            throw Self.storageError(error, .open, path: url.path)
        }
    }

    /// Opens an existing file with SQLite's read-only flag, so a file this process may not
    /// write is still read and a typo in the path creates nothing.
    ///
    /// A file from an older version (migrations pending) cannot be read as it is: it is upgraded
    /// in place as any write would do, when the process may write it; a read-only one is refused
    /// as `.needsUpgrade` rather than read through a schema the queries do not expect.
    private static func openForReading(
        url: URL, migrator: DatabaseMigrator, renamed: [String: String], busyTimeout: TimeInterval
    ) throws -> any DatabaseWriter {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw StorageError(.open, path: url.path, reason: "no such file", cause: .missing)
        }
        var readOnly = configuration(busyTimeout: busyTimeout)
        readOnly.readonly = true
        func open(_ path: String) throws -> (DatabasePool, isCurrent: Bool) {
            let pool = try DatabasePool(path: path, configuration: readOnly)
            return (pool, try pool.read(migrator.hasCompletedMigrations))
        }
        var opened: (pool: DatabasePool, isCurrent: Bool)
        do {
            opened = try open(url.path)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            // A WAL file needs its -shm beside it, which SQLite cannot create in a folder this
            // process may not write. With no -wal file there are no changes outside the main
            // file, and a writer would first have to create one: the file is read as immutable.
            guard !FileManager.default.fileExists(atPath: url.path + "-wal") else { throw error }
            opened = try open(url.absoluteString + "?immutable=1")
        }
        if opened.isCurrent { return opened.pool }
        guard FileManager.default.isWritableFile(atPath: url.path) else {
            throw StorageError(.open, path: url.path, reason: "the schema is out of date", cause: .needsUpgrade)
        }
        return try openPool(url: url, migrator: migrator, renamed: renamed, busyTimeout: busyTimeout)
    }

    /// Opens and migrates the pool, trying again while another process holds the file busy or
    /// is migrating it.
    ///
    /// Why a loop, when every connection has a busy timeout: two processes creating the same new
    /// file race on steps SQLite's busy handler does not wait for (switching a fresh file to WAL,
    /// reading a schema another process is half-way through writing), and the loser gets
    /// "database is locked" at once. And GRDB reads which migrations are applied before it runs
    /// them, each in its own transaction, so two processes may both run `v1`: the second one's
    /// transaction fails ("already exists", "no such trigger", the id already recorded) and
    /// rolls back. A failure while the recorded migrations changed under us is that race; every
    /// step is safe to repeat, so the loser starts over, backing off, until the same busy timeout
    /// a write waits for has passed, and then skips what the winner recorded.
    private static func openPool(
        url: URL, migrator: DatabaseMigrator, renamed: [String: String], busyTimeout: TimeInterval
    ) throws -> DatabasePool {
        let deadline = Date().addingTimeInterval(busyTimeout)
        var pause: TimeInterval = 0.002
        while true {
            do {
                let pool = try DatabasePool(path: url.path, configuration: configuration(busyTimeout: busyTimeout))
                let before = try? pool.read(migrator.appliedIdentifiers)
                do {
                    try migrate(pool, migrator: migrator, renamed: renamed)
                    return pool
                } catch let error as DatabaseError where !isBusy(error) {
                    let after = try? pool.read(migrator.appliedIdentifiers)
                    guard after != before, Date() < deadline else { throw error }
                }
            } catch let error as DatabaseError where isBusy(error) && Date() < deadline {}
            Thread.sleep(forTimeInterval: pause)
            pause = min(pause * 2, 0.1)
        }
    }

    private static func isBusy(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    /// A private in-memory database, migrated: for tests and throwaway runs.
    public static func inMemory(migrator: DatabaseMigrator) throws -> AppDatabase {
        do {
            let queue = try DatabaseQueue(configuration: configuration(busyTimeout: defaultBusyTimeout))
            try migrator.migrate(queue)
            return AppDatabase(writer: queue)
        } catch {
            throw storageError(error, .open, path: nil)
        }
    }

    private init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// The file's path; `nil` in memory.
    public var path: String? {
        let path = writer.path
        return path.isEmpty || path.hasPrefix(":memory:") ? nil : path
    }

    // MARK: - Reading and writing

    /// Runs `work` in a read transaction; SQLite failures become `StorageError` (`.read`).
    ///
    /// A `DomainError` that `work` throws (an order that is not there) passes through unchanged.
    public func read<T: Sendable>(_ work: @escaping @Sendable (GRDB.Database) throws -> T) async throws -> T {
        do { return try await writer.read(work) } catch { throw Self.storageError(error, .read, path: path) }
    }

    /// Runs `work` in one IMMEDIATE write transaction; SQLite failures become `StorageError` (`.write`).
    public func write<T: Sendable>(_ work: @escaping @Sendable (GRDB.Database) throws -> T) async throws -> T {
        do { return try await writer.write(work) } catch { throw Self.storageError(error, .write, path: path) }
    }

    /// The synchronous `read`, for callers that are not async (a game loop).
    public func read<T>(_ work: (GRDB.Database) throws -> T) throws -> T {
        do { return try writer.read(work) } catch { throw Self.storageError(error, .read, path: path) }
    }

    /// The synchronous `write`.
    public func write<T>(_ work: (GRDB.Database) throws -> T) throws -> T {
        do { return try writer.write(work) } catch { throw Self.storageError(error, .write, path: path) }
    }

    /// The journal mode SQLite reports, such as `wal`.
    public func journalMode() throws -> String {
        try read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    // MARK: - Opening

    private static func configuration(busyTimeout: TimeInterval) -> Configuration {
        var configuration = Configuration()
        // Wait for other processes' locks instead of failing with "database is locked".
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        return configuration
    }

    private static func migrate(_ writer: some DatabaseWriter, migrator: DatabaseMigrator, renamed: [String: String])
        throws
    {
        if !renamed.isEmpty {
            // GRDB knows a migration by its id: rename the recorded ids before it compares them,
            // so a file from before a rename is recognised as already migrated.
            try writer.write { db in
                guard try db.tableExists("grdb_migrations") else { return }
                for (old, new) in renamed {
                    try db.execute(
                        sql: "UPDATE grdb_migrations SET identifier = ? WHERE identifier = ?", arguments: [new, old])
                }
            }
        }
        try migrator.migrate(writer)
    }

    /// `error` as a `StorageError`; a `DomainError` (thrown by a repository inside a transaction) is kept.
    static func storageError(_ error: any Error, _ operation: StorageError.Operation, path: String?) -> any Error {
        if error is any DomainError { return error }
        if let error = error as? DatabaseError {
            return StorageError(
                operation, path: path, reason: error.message ?? "SQLite error \(error.resultCode.rawValue)",
                isBusy: isBusy(error))
        }
        return StorageError(operation, path: path, reason: (error as NSError).localizedDescription)
    }
}
