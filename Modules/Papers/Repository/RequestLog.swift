import Core
import Database
import Foundation

/// Keeps the time of the last API request, so separate runs keep 3 s apart.
///
/// arXiv's request spacing is the API client's concern, not the library's: `ArxivAPI` takes
/// this log, and the library's fakes need not know about it.
public protocol RequestLog: Sendable {
    /// When the last request was sent, by any run, or `nil` if never.
    func lastRequestTime() async throws -> Date?
    /// Records that a request was sent at `date`.
    func recordRequest(at date: Date) async throws
}

/// The request log in the library's database (a row of `meta`), so every run of `papers` sees it.
public struct SQLiteRequestLog: RequestLog {
    private let database: AppDatabase

    /// Creates the log over a database migrated with `PapersSchema.migrator`.
    public init(database: AppDatabase) {
        self.database = database
    }

    /// When the last API request was sent.
    public func lastRequestTime() async throws -> Date? {
        try await database.read { db in
            try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'last_request_at'").map(
                Date.init(millisecondsSince1970:))
        }
    }

    /// Records an API request.
    public func recordRequest(at date: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('last_request_at', ?)",
                arguments: [date.millisecondsSince1970])
        }
    }
}
