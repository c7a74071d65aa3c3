import Foundation

/// A change to a text file that `strata remove` undoes byte for byte: the lines `before` became `after`.
///
/// Whole lines are kept, so `after` carries the names it added and is found again even when the
/// rest of the file changed since; it must appear exactly once to be undone.
public struct TextEdit: Codable, Sendable, Equatable {
    /// The file, relative to the package root.
    public var file: String
    /// The lines as they were.
    public var before: String
    /// The lines as the edit left them.
    public var after: String

    /// The edit that turns `old` into `new`: the lines between their common beginning and end.
    public init(file: String, old: String, new: String) {
        let old = Array(old.utf8)
        let new = Array(new.utf8)
        var prefix = 0
        while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        // Widen to whole lines on both sides.
        while prefix > 0, old[prefix - 1] != UInt8(ascii: "\n") { prefix -= 1 }
        while suffix > 0, old[old.count - suffix] != UInt8(ascii: "\n") { suffix -= 1 }
        self.file = file
        before = String(decoding: old[prefix..<(old.count - suffix)], as: UTF8.self)
        after = String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self)
    }

    /// `text` with the edit undone.
    ///
    /// - Throws: `StrataError.conflict` when the edited lines are not in `text` exactly once.
    public func undone(in text: String) throws -> String {
        // Bytes, not characters: `after` may end in the `\r` of a CRLF, which a `String` search
        // would not find, as `\r\n` is one character.
        let bytes = Array(text.utf8)
        let ranges = bytes.ranges(of: Array(after.utf8))
        guard ranges.count == 1, let range = ranges.first else {
            throw StrataError.conflict(
                "\(file) does not have the lines strata added exactly once; it was edited, so undo that part by hand or pass --force"
            )
        }
        return String(
            decoding: bytes[..<range.lowerBound] + Array(before.utf8) + bytes[range.upperBound...], as: UTF8.self)
    }
}
