/// Where each line of a file starts, found from its bytes: the line and column of a byte offset,
/// as swift-syntax's `SourceLocationConverter` gives them, without walking the syntax tree for them.
///
/// A line ends at `\n`, `\r\n` or a lone `\r`, as the Swift lexer counts lines. Lines and columns
/// are 1-based; a column counts UTF-8 bytes.
struct LineTable: Sendable {
    /// The byte offset at which each line starts; the first is 0.
    private let starts: [Int]

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\n") {
                starts.append(index)
            } else if byte == UInt8(ascii: "\r") {
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index)
            }
        }
        self.starts = starts
    }

    /// The line and column of the byte at `offset`.
    func position(of offset: Int) -> DeclarationFacts.Position {
        // The last line that starts at or before the offset.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return .init(line: low + 1, column: offset - starts[low] + 1)
    }
}
