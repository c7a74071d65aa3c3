/// A text table whose columns stay aligned with emoji, CJK and colour codes in the cells.
///
/// ```swift
/// var table = Table(columns: [.init("ID"), .init("TOTAL", alignment: .trailing)])
/// table.append(["3f2a", "$4.50"])
/// print(table.render())
/// ```
public struct Table: Sendable {
    /// A column: its header, its alignment and an optional widest width.
    public struct Column: Sendable {
        /// The header text.
        public var title: String
        /// Which side the cells sit on.
        public var alignment: Alignment
        /// The widest the column may get; longer cells are cut with `…`.
        public var maxWidth: Int?

        public init(_ title: String, alignment: Alignment = .leading, maxWidth: Int? = nil) {
            self.title = title
            self.alignment = alignment
            self.maxWidth = maxWidth
        }
    }

    /// The columns, left to right.
    public var columns: [Column]
    /// The rows, each with one cell per column.
    public private(set) var rows: [[String]] = []
    /// Spaces between two columns.
    public var gap = 2

    public init(columns: [Column]) { self.columns = columns }

    /// Adds a row; missing cells are blank and extra ones are dropped.
    public mutating func append(_ cells: [String]) {
        rows.append((0..<columns.count).map { $0 < cells.count ? cells[$0] : "" })
    }

    /// The table as lines of text, the header first; styled cells are measured without their escape codes.
    public func render(style: Style = Style(enabled: false)) -> String {
        let cells = rows.map { row in
            row.enumerated().map { index, cell in
                columns[index].maxWidth.map { DisplayWidth.truncate(cell, to: $0) } ?? cell
            }
        }
        let widths = columns.indices.map { index in
            ([columns[index].title] + cells.map { $0[index] }).map { DisplayWidth.of(Style.strip($0)) }.max() ?? 0
        }
        let separator = String(repeating: " ", count: gap)
        func line(_ row: [String]) -> String {
            row.enumerated().map { index, cell in
                let isLast = index == row.count - 1
                let visible = DisplayWidth.of(Style.strip(cell))
                let padding = String(repeating: " ", count: max(0, widths[index] - visible))
                switch columns[index].alignment {
                case .leading: return isLast ? cell : cell + padding
                case .trailing: return padding + cell
                }
            }.joined(separator: separator)
        }
        let header = line(columns.map { style.bold($0.title) })
        return ([header] + cells.map(line)).joined(separator: "\n")
    }
}
