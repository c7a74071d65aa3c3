import Core
import Database
import Foundation
import Synchronization

/// Keeps the time of the last API request, so separate runs keep 3 s apart.
///
/// arXiv's request spacing is the API client's concern, not the library's: `ArxivAPI` takes
/// this log, and the library's fakes need not know about it.
public protocol RequestLog: Sendable {
    /// When the last request was sent, by any run, or `nil` if never.
    func lastRequestTime() throws -> Date?
    /// Records that a request was sent at `date`.
    func recordRequest(at date: Date) throws
}

/// The request log in the library's database (a row of `meta`), so every run of `papers` sees it.
public struct SQLiteRequestLog: RequestLog {
    private let database: AppDatabase

    /// Creates the log over a database migrated with `PapersSchema.migrator`.
    public init(database: AppDatabase) {
        self.database = database
    }

    /// When the last API request was sent.
    public func lastRequestTime() throws -> Date? {
        try database.read { db in
            try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'last_request_at'").map(
                Date.init(millisecondsSince1970:))
        }
    }

    /// Records an API request.
    public func recordRequest(at date: Date) throws {
        try database.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('last_request_at', ?)",
                arguments: [date.millisecondsSince1970])
        }
    }
}

/// The request log in memory, for tests: one process's requests only.
public final class InMemoryRequestLog: RequestLog {
    private let last: Mutex<Date?>

    /// Creates a log, optionally with a request already recorded.
    public init(lastRequest: Date? = nil) {
        last = Mutex(lastRequest)
    }

    /// When the last API request was sent.
    public func lastRequestTime() throws -> Date? { last.withLock { $0 } }

    /// Records an API request.
    public func recordRequest(at date: Date) throws { last.withLock { $0 = date } }
}
