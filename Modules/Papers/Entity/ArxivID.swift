/// An arXiv identifier: the id without its version, and the version when one was given.
///
/// arXiv has two id schemes: new style `YYMM.NNNN` or `YYMM.NNNNN` (since April 2007), and old
/// style `archive(.SC)/YYMMNNN` such as `hep-th/9901001` or `math.GT/0309136`. Either may end in
/// `vN`. Parsing accepts what people paste: an `arXiv:` prefix, an abstract or PDF URL, a `.pdf` suffix.
public struct ArxivID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The id without version, such as `2401.12345` or `hep-th/9901001`.
    public let base: String
    /// The version asked for, or `nil` for the latest.
    public let version: Int?

    /// Creates an id from parts that are already known to be valid (the parser's output).
    public init(base: String, version: Int?) {
        self.base = base
        self.version = version
    }

    /// Parses an id as people write it; `nil` when it is not an arXiv id in either scheme.
    ///
    /// Works on UTF-8 bytes: the parser calls this once per entry of a feed, and Foundation's
    /// string search would cost more than the rest of the entry.
    public init?(parsing text: String) {
        var bytes = Array(text.trimmingWhitespace().utf8)[...]
        if bytes.count >= 6, String(decoding: bytes.prefix(6), as: UTF8.self).lowercased() == "arxiv:" {
            bytes = bytes.dropFirst(6)
        }
        for marker in ["/abs/", "/pdf/"] {
            if let end = Self.end(of: Array(marker.utf8), in: bytes) { bytes = bytes[end...] }
        }
        if bytes.count > 4, bytes.suffix(4).elementsEqual(".pdf".utf8) { bytes = bytes.dropLast(4) }
        var version: Int?
        if let v = bytes.lastIndex(of: UInt8(ascii: "v")), v != bytes.startIndex {
            let digits = bytes[(v + 1)...]
            if (1...18).contains(digits.count), digits.allSatisfy(Self.isDigit),
                let number = Int(String(decoding: digits, as: UTF8.self)), number > 0
            {
                version = number
                bytes = bytes[..<v]
            }
        }
        guard Self.isNewStyle(bytes) || Self.isOldStyle(bytes) else { return nil }
        self.init(base: String(decoding: bytes, as: UTF8.self), version: version)
    }

    /// When `text` is an arXiv id but for its version (`v0`, or more digits than any version
    /// has), the id without it and the version as written; `nil` otherwise.
    public static func invalidVersion(in text: String) -> (id: String, version: String)? {
        guard ArxivID(parsing: text) == nil,
            let match = text.trimmingWhitespace().firstMatch(of: /^(.+)v([0-9]+)(\.pdf)?$/),
            let base = ArxivID(parsing: String(match.1)), base.version == nil
        else { return nil }
        return (base.base, String(match.2))
    }

    /// The id as arXiv writes it: `2401.12345v2`, or `2401.12345` without a version.
    public var description: String { version.map { "\(base)v\($0)" } ?? base }

    /// Whether this is an old-style (pre-2007) id such as `hep-th/9901001`.
    public var isOldStyle: Bool { base.utf8.contains(UInt8(ascii: "/")) }

    /// `YYMM.NNNN(N)` with a month from 01 to 12.
    static func isNewStyle(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return false }
        let (yymm, number) = (bytes[..<dot], bytes[(dot + 1)...])
        guard yymm.count == 4, (4...5).contains(number.count), yymm.allSatisfy(isDigit), number.allSatisfy(isDigit)
        else { return false }
        let month = Int(yymm[yymm.startIndex + 2] - 0x30) * 10 + Int(yymm[yymm.startIndex + 3] - 0x30)
        return (1...12).contains(month)
    }

    /// `archive(-archive)(.SC)/YYMMNNN`, such as `hep-th/9901001` or `math.GT/0309136`.
    static func isOldStyle(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")) else { return false }
        let (archive, number) = (bytes[..<slash], bytes[(slash + 1)...])
        guard number.count == 7, number.allSatisfy(isDigit) else { return false }
        let name: ArraySlice<UInt8>
        if let dot = archive.firstIndex(of: UInt8(ascii: ".")) {
            let subject = archive[(dot + 1)...]
            guard subject.count == 2, subject.allSatisfy({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else {
                return false
            }
            name = archive[..<dot]
        } else {
            name = archive
        }
        guard let first = name.first, first != UInt8(ascii: "-") else { return false }
        return name.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || $0 == UInt8(ascii: "-") }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// The index just past the first occurrence of `marker` in `bytes`.
    private static func end(of marker: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard let first = marker.first, bytes.count >= marker.count else { return nil }
        var index = bytes.startIndex
        while index <= bytes.endIndex - marker.count {
            if bytes[index] == first, bytes[index..<(index + marker.count)].elementsEqual(marker) {
                return index + marker.count
            }
            index += 1
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace (spaces, tabs, line breaks).
    func trimmingWhitespace() -> Substring {
        let characters = Substring(self)
        // Most text has a printable ASCII character at both ends; no Unicode properties needed then.
        if let first = characters.utf8.first, let last = characters.utf8.last, (0x21...0x7E).contains(first),
            (0x21...0x7E).contains(last)
        {
            return characters
        }
        guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
            let last = characters.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return characters[first...last]
    }
}
