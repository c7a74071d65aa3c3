import GRDB
import GRDBSQLite

/// One write statement, run once for every row of a `RowBatch`, its values bound where the batch holds them.
///
/// For bulk writes on the database's thread: `Statement.execute(arguments:)` copies every text
/// value into SQLite and releases its arguments row by row, which on an import costs the one
/// writing thread as much as SQLite's own row writes. The bindings live only while `execute` runs.
public struct BatchInsert {
    private let db: Database
    private let statement: Statement

    /// Prepares `sql`, whose parameters are one row's values in order.
    public init(_ db: Database, sql: String) throws {
        self.db = db
        statement = try db.makeStatement(sql: sql)
    }

    /// Runs the statement once per row of `batch`, in order; returns how many rows it changed in all.
    ///
    /// - Throws: `DatabaseError` from the row that failed; the rows before it stay written.
    public func execute(_ batch: RowBatch) throws -> Int {
        let raw = statement.sqliteStatement
        precondition(Int(sqlite3_bind_parameter_count(raw)) == batch.width, "a row has one value per parameter")
        precondition(batch.values.count % batch.width == 0, "the batch ends inside a row")
        // Nothing stays bound to the batch's buffer once it is gone.
        defer {
            sqlite3_reset(raw)
            sqlite3_clear_bindings(raw)
        }
        var changed = 0
        try batch.text.withUnsafeBytes { text in
            var parameter: Int32 = 1
            for value in batch.values {
                switch value {
                case .null: sqlite3_bind_null(raw, parameter)
                case .integer(let integer): sqlite3_bind_int64(raw, parameter, integer)
                case .text(let start, let count):
                    if let base = text.baseAddress, count > 0 {
                        // nil is SQLITE_STATIC: SQLite reads the bytes where they are.
                        let bytes = base.assumingMemoryBound(to: CChar.self) + start
                        sqlite3_bind_text(raw, parameter, bytes, Int32(count), nil)
                    } else {
                        sqlite3_bind_text(raw, parameter, "", 0, transient)
                    }
                }
                guard parameter == batch.width else {
                    parameter += 1
                    continue
                }
                let code = sqlite3_step(raw)
                guard code == SQLITE_DONE else {
                    // A statement that returns rows is not a write this runs.
                    let failure = code == SQLITE_ROW ? SQLITE_MISUSE : sqlite3_reset(raw)
                    throw DatabaseError(
                        resultCode: ResultCode(rawValue: failure), message: db.lastErrorMessage, sql: statement.sql)
                }
                changed += Int(sqlite3_changes(db.sqliteConnection))
                sqlite3_reset(raw)
                parameter = 1
            }
        }
        return changed
    }
}

/// SQLite's `SQLITE_TRANSIENT`: SQLite copies a value bound with this destructor.
let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
