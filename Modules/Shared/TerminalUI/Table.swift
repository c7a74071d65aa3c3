/// A text table whose columns stay aligned with emoji, CJK and colour codes in the cells.
///
/// ```swift
/// var table = Table(columns: [.init("ID"), .init("NAME", flexible: true), .init("TOTAL", alignment: .trailing)])
/// table.append(["3f2a", "Ada Lovelace", "$4.50"])
/// print(table.render(fitting: TerminalEnvironment.live.fitWidth))
/// ```
public struct Table: Sendable {
    /// A column: its header, its alignment, an optional widest width, and whether it gives way to fit a width.
    public struct Column: Sendable {
        /// The header text.
        public var title: String
        /// Which side the cells sit on.
        public var alignment: Alignment
        /// The widest the column may get; longer cells are cut with `…`.
        public var maxWidth: Int?
        /// Whether this column is cut to what the others leave when the table is fitted to a width.
        public var flexible: Bool
        /// The narrowest a flexible column is cut to, however little the others leave.
        public var minWidth: Int

        public init(
            _ title: String, alignment: Alignment = .leading, maxWidth: Int? = nil, flexible: Bool = false,
            minWidth: Int = 8
        ) {
            self.title = title
            self.alignment = alignment
            self.maxWidth = maxWidth
            self.flexible = flexible
            self.minWidth = minWidth
        }
    }

    /// The columns, left to right.
    public var columns: [Column]
    /// The rows, each with one cell per column.
    public private(set) var rows: [[String]] = []
    /// Spaces between two columns.
    public var gap = 2

    public init(columns: [Column]) { self.columns = columns }

    /// A line under each row, if any, across the whole table.
    public private(set) var notes: [String?] = []

    /// Adds a row; missing cells are blank and extra ones are dropped. A `note` is a line of its
    /// own under the row, indented by the gap, as the caller styled and fitted it.
    public mutating func append(_ cells: [String], note: String? = nil) {
        rows.append((0..<columns.count).map { $0 < cells.count ? cells[$0] : "" })
        notes.append(note)
    }

    /// The table as lines of text, the header first; styled cells are measured without their escape codes.
    ///
    /// With a `width` (`TerminalEnvironment.fitWidth`), the flexible columns share what the
    /// others and the gaps leave of it, each at least its `minWidth`; with none, nothing is cut
    /// but by `maxWidth`, as a pipe or a file wants it.
    public func render(style: Style = Style(enabled: false), fitting width: Int? = nil) -> String {
        var limits = columns.map(\.maxWidth)
        if let width { fit(&limits, to: width) }
        let cells = rows.map { row in
            row.enumerated().map { index, cell in limits[index].map { DisplayWidth.truncate(cell, to: $0) } ?? cell }
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
        let indent = String(repeating: " ", count: gap)
        let body = cells.enumerated().flatMap { index, row in
            [line(row)]
                + [notes[index]].compactMap { note in note.map { indent + $0 } }
        }
        return ([header] + body).joined(separator: "\n")
    }

    /// Lowers the flexible columns' limits so that a row is at most `width` columns wide.
    private func fit(_ limits: inout [Int?], to width: Int) {
        let flexible = columns.indices.filter { columns[$0].flexible }
        guard !flexible.isEmpty else { return }
        func widest(_ index: Int) -> Int {
            let cells = [columns[index].title] + rows.map { Style.strip($0[index]) }
            let widest = cells.map { DisplayWidth.of($0) }.max() ?? 0
            return limits[index].map { min($0, widest) } ?? widest
        }
        let fixed = columns.indices.filter { !columns[$0].flexible }.map(widest).reduce(0, +)
        let share = (width - fixed - gap * (columns.count - 1)) / flexible.count
        for index in flexible {
            let limit = max(columns[index].minWidth, share)
            limits[index] = limits[index].map { min($0, limit) } ?? limit
        }
    }
}
