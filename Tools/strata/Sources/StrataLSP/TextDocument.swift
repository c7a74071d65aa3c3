/// How `Position.character` counts: the protocol's default is UTF-16 code units; a client that
/// offers `utf-8` (LSP 3.17 `general.positionEncodings`) gets the byte columns strata finds.
public enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
}

/// An open document's text, edited as the client edits it, with positions mapped both ways.
public struct TextDocument: Sendable {
    public private(set) var text: String
    public var version: Int?
    private var lineStarts: [String.Index] = []

    public init(text: String, version: Int?) {
        self.text = text
        self.version = version
        indexLines()
    }

    /// Applies one change of `textDocument/didChange`: a whole text, or a range replaced.
    public mutating func apply(_ change: DidChangeParams.Change, encoding: PositionEncoding) {
        if let range = change.range {
            let start = index(of: range.start, encoding: encoding)
            let end = max(start, index(of: range.end, encoding: encoding))
            text.replaceSubrange(start..<end, with: change.text)
        } else {
            text = change.text
        }
        indexLines()
    }

    /// The text of the 0-based `line`, without its line break; empty past the end.
    public func line(_ line: Int) -> Substring {
        guard line >= 0, line < lineStarts.count else { return "" }
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : text.endIndex
        while end > start, let previous = text.index(end, offsetBy: -1, limitedBy: start),
            text[previous] == "\n" || text[previous] == "\r" || text[previous] == "\r\n"
        {
            end = previous
        }
        return text[start..<end]
    }

    /// The position of a 1-based line and 1-based UTF-8 column, as compilers and strata count them.
    public func position(line: Int, utf8Column: Int, encoding: PositionEncoding) -> Position {
        let zeroLine = max(line - 1, 0)
        let content = self.line(zeroLine)
        let bytes = min(max(utf8Column - 1, 0), content.utf8.count)
        switch encoding {
        case .utf8: return Position(line: zeroLine, character: bytes)
        case .utf16:
            let index = content.utf8.index(content.startIndex, offsetBy: bytes)
            return Position(line: zeroLine, character: content.utf16.distance(from: content.startIndex, to: index))
        }
    }

    /// The 1-based line and UTF-8 column of a position.
    public func utf8Place(of position: Position, encoding: PositionEncoding) -> (line: Int, column: Int) {
        let content = line(position.line)
        let index = index(in: content, character: position.character, encoding: encoding)
        return (position.line + 1, content.utf8.distance(from: content.startIndex, to: index) + 1)
    }

    /// The end of the identifier (or run of non-space characters) starting at a 1-based UTF-8 column.
    public func tokenEnd(line: Int, utf8Column: Int, encoding: PositionEncoding) -> Position {
        let content = self.line(max(line - 1, 0))
        let bytes = min(max(utf8Column - 1, 0), content.utf8.count)
        var index = content.utf8.index(content.startIndex, offsetBy: bytes)
        let isWord = index < content.endIndex && (content[index].isLetter || content[index] == "_")
        while index < content.endIndex,
            isWord
                ? content[index].isLetter || content[index].isNumber || content[index] == "_"
                : !content[index].isWhitespace
        {
            index = content.index(after: index)
        }
        let end = content.utf8.distance(from: content.startIndex, to: index) + 1
        return position(line: line, utf8Column: end, encoding: encoding)
    }

    /// The position of the UTF-8 byte `offset` of the whole text.
    public func position(ofUTF8Offset offset: Int, encoding: PositionEncoding) -> Position {
        let index = text.utf8.index(text.startIndex, offsetBy: min(max(offset, 0), text.utf8.count))
        let line = max((lineStarts.lastIndex { $0 <= index } ?? 0), 0)
        let column = text.utf8.distance(from: lineStarts[line], to: index) + 1
        return position(line: line + 1, utf8Column: column, encoding: encoding)
    }

    /// The position just past the last character.
    public func endPosition(encoding: PositionEncoding) -> Position {
        let last = max(lineStarts.count - 1, 0)
        let content = text[(lineStarts.last ?? text.startIndex)...]
        return Position(line: last, character: encoding == .utf8 ? content.utf8.count : content.utf16.count)
    }

    private func index(of position: Position, encoding: PositionEncoding) -> String.Index {
        guard position.line < lineStarts.count else { return text.endIndex }
        let content = line(max(position.line, 0))
        return index(in: content, character: position.character, encoding: encoding)
    }

    /// The index `character` units into `content`; a unit inside a character's encoding points at that character.
    private func index(in content: Substring, character: Int, encoding: PositionEncoding) -> String.Index {
        let scalars = content.unicodeScalars
        var counted = 0
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let width = encoding == .utf8 ? scalars[index].utf8.count : scalars[index].utf16.count
            if counted + width > character { break }
            counted += width
            index = scalars.index(after: index)
        }
        return index
    }

    private mutating func indexLines() {
        lineStarts = [text.startIndex]
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            if byte == UInt8(ascii: "\n") {
                lineStarts.append(next)
            } else if byte == UInt8(ascii: "\r"), next == utf8.endIndex || utf8[next] != UInt8(ascii: "\n") {
                lineStarts.append(next)
            }
            index = next
        }
    }
}
