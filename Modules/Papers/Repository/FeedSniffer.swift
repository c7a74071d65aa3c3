import Foundation
import PapersEntity

/// Tells from a feed's first bytes that it cannot be XML, before libxml2 says "Document is empty".
///
/// libxml2 words every input that does not start with `<` as an empty document and one made of
/// blank lines as extra content; people give papers a gzip file, a JSON answer or random bytes,
/// and deserve to hear which.
enum FeedSniffer {
    /// The problem with input that starts with `head`, or `nil` when it may be XML;
    /// `isWhole` says `head` is all of it (so all blanks means empty); `expected` is what it should be.
    static func problem(head: Data, isWhole: Bool, expected: FeedFormat) -> FeedProblem? {
        let bytes = head.prefix(4096)
        if bytes.starts(with: [0x1F, 0x8B]) { return .notXML(looksLike: .gzip, expected: expected) }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .notXML(looksLike: .zip, expected: expected) }
        // Byte-order marks: UTF-16 and UTF-32 are libxml2's to decode; UTF-8's is skipped here.
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0, 0]) {
            return nil
        }
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        guard let first = firstNonBlank(text) else {
            return isWhole && bytes.count == head.count ? .empty : nil
        }
        switch first {
        case UInt8(ascii: "<"): return nil
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .notXML(looksLike: .json, expected: expected)
        // UTF-16 without a byte-order mark starts with `<` and a zero byte, either way round.
        case 0 where text.dropFirst().first == UInt8(ascii: "<"): return nil
        default: return .notXML(looksLike: nil, expected: expected)
        }
    }

    /// The first byte of `bytes` that is not blank; nil for none.
    static func firstNonBlank(_ bytes: some Collection<UInt8>) -> UInt8? {
        bytes.first { !isBlank($0) }
    }

    /// The local name of the first element in `head` (past the XML declaration, comments and a
    /// doctype), or nil when `head` holds none.
    static func rootElement(_ head: Data) -> String? {
        var rest = head[...]
        while let open = rest.firstIndex(of: UInt8(ascii: "<")) {
            let after = rest.index(after: open)
            guard after < rest.endIndex else { return nil }
            let next = rest[after]
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                guard let close = rest[after...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                rest = rest[rest.index(after: close)...]
                continue
            }
            let name = rest[after...].prefix { !isBlank($0) && $0 != UInt8(ascii: ">") && $0 != UInt8(ascii: "/") }
            let local = name.split(separator: UInt8(ascii: ":")).last ?? name
            return String(decoding: local, as: UTF8.self)
        }
        return nil
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
