import CSQLite
import Core
import Foundation
import GRDB
import Synchronization

/// A feature's SQLite database: opened in WAL mode with a busy timeout, migrated, and read and
/// written through one wrapper that turns SQLite's failures into `StorageError`.
///
/// Repositories take an `AppDatabase` and go through `read` and `write`; the factory creates one
/// per process and injects it. Every migration runs in its own transaction, so a failed
/// migration leaves the file as it was.
public struct AppDatabase: Sendable {
    /// The connection pool (or, in memory, the single connection) behind `read` and `write`.
    public let writer: any DatabaseWriter

    /// Set once SQLite reports the file damaged: every later write is refused before it starts.
    private let damage: DamageMark

    /// This database's busy timeout, which `bulkWrite` sets again after switching journals.
    private let busyTimeout: TimeInterval

    /// How long a writer waits for another process's lock before giving up.
    public static let defaultBusyTimeout: TimeInterval = 10

    /// SQLite's process-wide settings, made before the first connection opens (SQLite refuses them after).
    ///
    /// Memory statistics off: with them on, every allocation SQLite makes takes one global
    /// mutex, and the threads of a parallel search queue on it. The bench's 100,000 papers, 20
    /// queries x 5, interleaved runs: p95 74–94 ms with them, 32–33 ms without.
    private static let processSettings: Void = { _ = strata_sqlite3_config_memstatus(0) }()

    /// The largest file whose every page `PRAGMA quick_check` reads when it is opened.
    ///
    /// Measured with SQLite 3.40 on this machine (2 cores shared with builds): a 32 MB coffee
    /// file (150,000 orders, three indexes) takes 0.05–0.06 s of CPU; a 300 MB library of
    /// 100,000 papers with its FTS5 index 0.10–0.16 s of CPU and 0.6–0.8 s of wall time, most of
    /// it reading pages. A library search takes about 3 ms, so checking a large file whole on
    /// every command would multiply its cost by a hundred: files above 32 MB are not checked
    /// whole on open, and there damage is found on the pages a statement reads (SQLITE_CORRUPT,
    /// with `cell_size_check` on).
    public static let quickCheckLimit = 32 << 20

    /// Opens the database file at `url`: with `.readWrite`, creating it (and its folders) if
    /// needed and running `migrator`; with `.readOnly`, an existing file only, never written.
    ///
    /// A new file is built under a temporary name beside `url` and linked into place only once
    /// every migration has run, so `url` is never an empty or half-made database, and a create
    /// that fails removes the temporary file and the folders it made. An existing file must be one
    /// of ours (its migrations table records `migrator`'s first migration) and know no migration
    /// `migrator` lacks, before anything is written to it.
    ///
    /// - Parameters:
    ///   - renamedMigrations: old migration ids and the ids they have now, such as
    ///     `["v1-scores": "v1"]`: a file written under an old id is recognised, not migrated again.
    ///   - applicationID: the feature's own number for SQLite's `application_id` header field
    ///     (`0`: none). A new file gets it, a file of ours without one gets it when opened for
    ///     writing, and a file that holds another number is another feature's (`.notOurs`), though
    ///     its migration ids (`v1`, `v2`…) may look like ours.
    /// - Throws: `StorageError` naming the file: `.open` when it cannot be opened or migrated;
    ///   `.missing` when a read finds no file, `.needsUpgrade` when it finds an old read-only one,
    ///   `.notOurs` for an empty file, a file that is not SQLite or another schema, `.newerVersion`
    ///   when it records migrations `migrator` does not know, `.damaged` when SQLite finds it corrupt.
    public init(
        url: URL, migrator: DatabaseMigrator, renamedMigrations: [String: String] = [:], applicationID: Int32 = 0,
        busyTimeout: TimeInterval = AppDatabase.defaultBusyTimeout, access: StorageAccess = .readWrite
    ) throws {
        Self.processSettings
        let schema = Ownership(
            migrator: migrator, renamed: renamedMigrations, applicationID: applicationID, path: url.path)
        do {
            switch access {
            case .readWrite:
                writer = try Self.openForWriting(url: url, schema: schema, busyTimeout: busyTimeout)
            case .readOnly:
                writer = try Self.openForReading(url: url, schema: schema, busyTimeout: busyTimeout)
            }
        } catch {
            throw Self.storageError(error, .open, path: url.path)
        }
        damage = DamageMark()
        self.busyTimeout = busyTimeout
    }

    /// Opens an existing file for writing, or creates it; refuses a file that is not ours, is
    /// newer, or is damaged, before writing anything to it.
    private static func openForWriting(url: URL, schema: Ownership, busyTimeout: TimeInterval) throws
        -> DatabasePool
    {
        if !FileManager.default.fileExists(atPath: url.path) {
            try NewFile.create(at: url, busyTimeout: busyTimeout) { queue in
                try schema.stamp(queue)
                try schema.migrator.migrate(queue)
            }
        } else {
            try schema.checkBeforeOpening(url: url)
            try inspect(url: url, schema: schema, busyTimeout: busyTimeout)
        }
        return try openPool(url: url, schema: schema, busyTimeout: busyTimeout)
    }

    /// Checks an existing file through a read-only connection before a pool opens it for
    /// writing: opening a pool writes to the file (GRDB creates and drops a table to make its
    /// WAL, and switches a rollback-journal file to WAL), which must not happen to a file that is
    /// not ours, newer, or damaged.
    private static func inspect(url: URL, schema: Ownership, busyTimeout: TimeInterval) throws {
        var readOnly = configuration(busyTimeout: busyTimeout)
        readOnly.readonly = true
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: url.path, configuration: readOnly)
            try queue.read(schema.check)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            // No -shm can be made beside the file: the pool cannot open it either, and says why.
            return
        }
        defer { try? queue.close() }
        try quickCheck(queue, url: url)
    }

    /// Reads every page of a file small enough (`quickCheckLimit`) and throws `.damaged` when
    /// SQLite finds one malformed: a command that writes never writes into a damaged file, and
    /// one that reads never answers from it (a damaged index page can drop rows from a query
    /// without any error: SQLite reports damage only on the pages a statement reads, and only
    /// what it can see there).
    private static func quickCheck(_ pool: some DatabaseReader, url: URL) throws {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size <= quickCheckLimit else { return }
        let problems = try pool.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check(1)") }
        guard problems == ["ok"] else {
            // SQLite heads its report with the schema's name ("*** in database main ***").
            let lines = problems.flatMap { $0.split(whereSeparator: \.isNewline) }.filter { !$0.hasPrefix("***") }
            throw StorageError(.open, path: url.path, reason: lines.joined(separator: "; "), cause: .damaged)
        }
    }

    /// Opens an existing file with SQLite's read-only flag, so a file this process may not
    /// write is still read and a typo in the path creates nothing.
    ///
    /// A file from an older version (migrations pending) cannot be read as it is: it is upgraded
    /// in place as any write would do, when the process may write it; a read-only one is refused
    /// as `.needsUpgrade` rather than read through a schema the queries do not expect.
    ///
    /// A file a newer version wrote (migrations this one does not know) is refused for reading
    /// as well as for writing (`.newerVersion`): its tables may hold what the queries here
    /// misread without an error (a column whose meaning or unit changed, rows in a state this
    /// version has no name for), and a partial or wrong answer given with exit 0 is worse than
    /// a clear "upgrade" with none.
    private static func openForReading(url: URL, schema: Ownership, busyTimeout: TimeInterval) throws
        -> any DatabaseWriter
    {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw StorageError(.open, path: url.path, reason: "no such file", cause: .missing)
        }
        try schema.checkBeforeOpening(url: url)
        var readOnly = configuration(busyTimeout: busyTimeout)
        readOnly.readonly = true
        func open(_ path: String) throws -> (DatabasePool, isCurrent: Bool) {
            let pool = try DatabasePool(path: path, configuration: readOnly)
            let isCurrent = try pool.read { db in
                try schema.check(db)
                return try schema.migrator.hasCompletedMigrations(db)
            }
            return (pool, isCurrent)
        }
        var opened: (pool: DatabasePool, isCurrent: Bool)
        do {
            opened = try open(url.path)
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_READONLY_ROLLBACK {
            // A bulk write was cut off (killed) and left its rollback journal: the file holds
            // half of it until someone rolls it back, which takes a connection that may write.
            try rollBackInterruptedWrite(url: url, busyTimeout: busyTimeout)
            opened = try open(url.path)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            // A WAL file needs its -shm beside it, which SQLite cannot create in a folder this
            // process may not write. With no -wal file there are no changes outside the main
            // file, and a writer would first have to create one: the file is read as immutable.
            // A journal with content beside it is a cut-off write that only a writer can roll back.
            let journal = try? FileManager.default.attributesOfItem(atPath: url.path + "-journal")[.size] as? Int
            guard !FileManager.default.fileExists(atPath: url.path + "-wal"), (journal ?? 0) == 0 else { throw error }
            opened = try open(url.absoluteString + "?immutable=1")
        }
        try quickCheck(opened.pool, url: url)
        if opened.isCurrent { return opened.pool }
        guard FileManager.default.isWritableFile(atPath: url.path) else {
            throw StorageError(.open, path: url.path, reason: "the schema is out of date", cause: .needsUpgrade)
        }
        return try openPool(url: url, schema: schema, busyTimeout: busyTimeout)
    }

    /// Rolls back the write a killed process left in the file, as SQLite does when a connection
    /// that may write first reads it: the content is the last committed one again, and nothing
    /// else is written.
    private static func rollBackInterruptedWrite(url: URL, busyTimeout: TimeInterval) throws {
        let queue = try DatabaseQueue(path: url.path, configuration: configuration(busyTimeout: busyTimeout))
        defer { try? queue.close() }
        _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
    }

    /// Opens and migrates the pool, trying again while another process holds the file busy or
    /// is migrating it.
    ///
    /// Why a loop, when every connection has a busy timeout: two processes opening the same file
    /// race on steps SQLite's busy handler does not wait for (reading a schema another process is
    /// half-way through writing), and the loser gets "database is locked" at once. And GRDB reads
    /// which migrations are applied before it runs them, each in its own transaction, so two
    /// processes upgrading one file may both run `v2`: the second one's
    /// transaction fails ("already exists", "no such trigger", the id already recorded) and
    /// rolls back. A failure while the recorded migrations changed under us is that race; every
    /// step is safe to repeat, so the loser starts over, backing off, until the same busy timeout
    /// a write waits for has passed, and then skips what the winner recorded.
    private static func openPool(url: URL, schema: Ownership, busyTimeout: TimeInterval) throws -> DatabasePool {
        let migrator = schema.migrator
        let deadline = Date().addingTimeInterval(busyTimeout)
        var pause: TimeInterval = 0.002
        while true {
            do {
                let pool = try DatabasePool(path: url.path, configuration: configuration(busyTimeout: busyTimeout))
                let before = try? pool.read(migrator.appliedIdentifiers)
                do {
                    try pool.read(schema.check)
                    try migrate(pool, migrator: migrator, renamed: schema.renamed)
                    try schema.stamp(pool)
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

    /// SQLite found a page it read malformed (`resultCode` is the primary code: FTS5's
    /// SQLITE_CORRUPT_VTAB is SQLITE_CORRUPT too), or a file with SQLite's header is not a database.
    private static func isDamage(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }

    /// A private in-memory database, migrated: for tests and throwaway runs.
    public static func inMemory(migrator: DatabaseMigrator) throws -> AppDatabase {
        processSettings
        do {
            let queue = try DatabaseQueue(configuration: configuration(busyTimeout: defaultBusyTimeout))
            try migrator.migrate(queue)
            return AppDatabase(writer: queue, damage: DamageMark())
        } catch {
            throw storageError(error, .open, path: nil)
        }
    }

    private init(writer: any DatabaseWriter, damage: DamageMark) {
        self.writer = writer
        self.damage = damage
        busyTimeout = Self.defaultBusyTimeout
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
        do { return try await writer.read(work) } catch { throw failure(error, .read) }
    }

    /// Runs `work` once per part, `parts` read transactions at once on the pool's readers (one
    /// after the other in memory); the results in part order. SQLite failures become `StorageError`.
    ///
    /// One suspension for all parts: a task group of `read`s would hop to and from the executor
    /// once per part, which costs a search over a large library about a millisecond.
    public func read<T: Sendable>(
        parts: Int, _ work: @escaping @Sendable (_ part: Int, GRDB.Database) throws -> T
    ) async throws -> [T] {
        let writer = writer
        do {
            return try await withCheckedThrowingContinuation { (done: CheckedContinuation<[T], any Error>) in
                DispatchQueue.global().async {
                    let found = Mutex<[Result<T, any Error>]>(
                        Array(repeating: .failure(CancellationError()), count: parts))
                    DispatchQueue.concurrentPerform(iterations: parts) { part in
                        let result = Result { try writer.read { db in try work(part, db) } }
                        found.withLock { $0[part] = result }
                    }
                    done.resume(with: Result { try found.withLock { $0 }.map { try $0.get() } })
                }
            }
        } catch {
            throw failure(error, .read)
        }
    }

    /// Runs `work` in one IMMEDIATE write transaction; SQLite failures become `StorageError` (`.write`).
    ///
    /// Once SQLite has reported this file damaged (on any read or write of this database), a
    /// write is refused before it starts (`.damaged`): nothing more is written into a file known
    /// to be corrupt.
    public func write<T: Sendable>(_ work: @escaping @Sendable (GRDB.Database) throws -> T) async throws -> T {
        try refuseIfDamaged()
        do { return try await writer.write(work) } catch { throw failure(error, .write) }
    }

    /// Runs `work` in one write transaction through SQLite's rollback journal rather than the
    /// WAL, when no other connection has the file open; otherwise as `write` does.
    ///
    /// SQLite advises a rollback journal for transactions over about 100 MB: the WAL receives
    /// every page such a transaction writes and the checkpoint copies each into the file again,
    /// while a rollback journal keeps only the old content of pages that existed before, which
    /// is almost nothing when rows are appended. Atomicity is the same: a write that fails or is
    /// killed is rolled back (by the next connection, from the journal). The file is back in WAL
    /// mode when the write ends; while it runs, other processes wait for the file rather than
    /// read the state before it, so this is for imports, not for a command's own saves.
    public func bulkWrite<T: Sendable>(_ work: @escaping @Sendable (GRDB.Database) throws -> T) async throws -> T {
        guard let pool = writer as? DatabasePool else { return try await write(work) }
        try refuseIfDamaged()
        // This process's idle readers keep the WAL open, which SQLite requires no one to do.
        pool.invalidateReadOnlyConnections()
        let busyTimeout = busyTimeout
        do {
            return try await pool.barrierWriteWithoutTransaction { db in
                let leftWAL = try Self.leaveWAL(db, busyTimeout: busyTimeout)
                defer { if leftWAL { try? db.execute(sql: "PRAGMA journal_mode = WAL") } }
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try work(db)
                    return .commit
                }
                guard let result else { throw CancellationError() }
                return result
            }
        } catch {
            throw failure(error, .write)
        }
    }

    /// Switches the file to a rollback journal; `false` when another connection (another
    /// process) has it open, which SQLite reports at once rather than after the busy timeout.
    private static func leaveWAL(_ db: GRDB.Database, busyTimeout: TimeInterval) throws -> Bool {
        try db.execute(sql: "PRAGMA busy_timeout = 0")
        defer { try? db.execute(sql: "PRAGMA busy_timeout = \(Int(busyTimeout * 1000))") }
        do {
            return try String.fetchOne(db, sql: "PRAGMA journal_mode = TRUNCATE") == "truncate"
        } catch let error as DatabaseError where isBusy(error) {
            return false
        }
    }

    private func refuseIfDamaged() throws {
        if let reason = damage.reason {
            throw StorageError(.write, path: path, reason: reason, cause: .damaged)
        }
    }

    /// `error` as a `StorageError`, remembering damage so that no later write goes ahead.
    private func failure(_ error: any Error, _ operation: StorageError.Operation) -> any Error {
        let mapped = Self.storageError(error, operation, path: path)
        if let storage = mapped as? StorageError, storage.cause == .damaged { damage.mark(storage.reason) }
        return mapped
    }

    /// The journal mode SQLite reports, such as `wal`.
    public func journalMode() async throws -> String {
        try await read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    // MARK: - Opening

    private static func configuration(busyTimeout: TimeInterval) -> Configuration {
        var configuration = Configuration()
        // Wait for other processes' locks instead of failing with "database is locked".
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            // Check each b-tree page's cells as it is read: a damaged page is reported as
            // SQLITE_CORRUPT instead of being read as rows (SQLite measures the cost at under 1%).
            try db.execute(sql: "PRAGMA cell_size_check = ON")
            BM25Function.register(db)
        }
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
            let reason = error.message ?? "SQLite error \(error.resultCode.rawValue)"
            if isDamage(error) { return StorageError(operation, path: path, reason: reason, cause: .damaged) }
            if error.resultCode == .SQLITE_CONSTRAINT {
                return StorageError(operation, path: path, reason: reason, cause: .constraint)
            }
            return StorageError(operation, path: path, reason: reason, isBusy: isBusy(error))
        }
        return StorageError(operation, path: path, reason: (error as NSError).localizedDescription)
    }
}
