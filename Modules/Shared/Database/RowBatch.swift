/// Rows of SQL values packed into two arrays: built on one thread, bound in place on the database's.
///
/// A bulk write builds its rows beside the parser and binds them on the one thread that writes.
/// `StatementArguments` would cost that thread an allocation, a copy and a release for every
/// value; here all the text of a batch is one buffer, which `BatchInsert` binds without copying.
public struct RowBatch: Sendable {
    /// One value of a row.
    enum Value: Sendable {
        case null
        case integer(Int64)
        /// UTF-8 bytes of `text`, from `start`.
        case text(start: Int, count: Int)
    }

    /// How many values make a row.
    public let width: Int
    private(set) var text: [UInt8] = []
    private(set) var values: [Value] = []

    /// An empty batch of rows of `width` values.
    public init(width: Int) {
        precondition(width > 0, "a row has at least one value")
        self.width = width
    }

    /// How many whole rows the batch holds.
    public var count: Int { values.count / width }

    public var isEmpty: Bool { values.isEmpty }

    /// Appends the next value of the current row.
    public mutating func append(_ value: String) {
        let start = text.count
        text.append(contentsOf: value.utf8)
        values.append(.text(start: start, count: text.count - start))
    }

    /// Appends the next value of the current row, NULL for nil.
    public mutating func append(_ value: String?) {
        if let value { append(value) } else { values.append(.null) }
    }

    /// Appends the next value of the current row.
    public mutating func append(_ value: Int64) { values.append(.integer(value)) }

    /// Appends the next value of the current row.
    public mutating func append(_ value: Int) { append(Int64(value)) }

    /// Appends the next value of the current row, as SQLite stores booleans: 1 or 0.
    public mutating func append(_ value: Bool) { append(value ? 1 as Int64 : 0) }
}
