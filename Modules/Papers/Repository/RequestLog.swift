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
    /// Takes the next turn, `interval` seconds after the last one taken or recorded (now, if
    /// that has passed), in one step, so two runs never take the same turn; returns its time.
    func claimTurn(now: Date, interval: Double) async throws -> Date
    /// Records that an answer arrived at `date`, moving the next turn later, never earlier.
    func recordAnswer(at date: Date) async throws
}

extension RequestLog {
    /// The turn after `last`: `interval` later, or `now` when that has passed. A `last` further
    /// ahead than `RequestGate.queueLimit` turns (a clock set back) counts as that far, so a run never waits for ever.
    static func turn(after last: Date?, now: Date, interval: Double) -> Date {
        guard let last else { return now }
        return max(now, min(last, now.addingTimeInterval(interval * Double(RequestGate.queueLimit))) + interval)
    }
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

    /// Takes the next turn inside one write transaction: SQLite lets one writer at a time in,
    /// so two processes sharing the library queue their turns instead of sharing one.
    public func claimTurn(now: Date, interval: Double) async throws -> Date {
        try await database.write { db in
            let last = try Int64.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'last_request_at'").map(
                Date.init(millisecondsSince1970:))
            let turn = Self.turn(after: last, now: now, interval: interval)
            try db.execute(
                sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('last_request_at', ?)",
                arguments: [turn.millisecondsSince1970])
            return turn
        }
    }

    /// Records that an answer arrived, unless a turn already taken lies later.
    public func recordAnswer(at date: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO meta (key, value) VALUES ('last_request_at', ?1)
                    ON CONFLICT (key) DO UPDATE SET value = max(value, ?1)
                    """,
                arguments: [date.millisecondsSince1970])
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
