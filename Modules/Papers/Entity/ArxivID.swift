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
    public init?(parsing text: String) {
        var rest = Substring(text.trimmingWhitespace())
        if rest.lowercased().hasPrefix("arxiv:") { rest = rest.dropFirst(6) }
        for marker in ["/abs/", "/pdf/"] {
            if let range = rest.range(of: marker) { rest = rest[range.upperBound...] }
        }
        if rest.hasSuffix(".pdf") { rest = rest.dropLast(4) }
        var version: Int?
        if let v = rest.lastIndex(of: "v"), v != rest.startIndex {
            let digits = rest[rest.index(after: v)...]
            if !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let number = Int(digits), number > 0 {
                version = number
                rest = rest[..<v]
            }
        }
        guard Self.isNewStyle(rest) || Self.isOldStyle(rest) else { return nil }
        self.init(base: String(rest), version: version)
    }

    /// The id as arXiv writes it: `2401.12345v2`, or `2401.12345` without a version.
    public var description: String { version.map { "\(base)v\($0)" } ?? base }

    /// Whether this is an old-style (pre-2007) id such as `hep-th/9901001`.
    public var isOldStyle: Bool { base.contains("/") }

    /// `YYMM.NNNN(N)` with a month from 01 to 12.
    static func isNewStyle(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, (4...5).contains(parts[1].count),
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let month = Int(parts[0].suffix(2)), (1...12).contains(month)
        else { return false }
        return true
    }

    /// `archive(-archive)(.SC)/YYMMNNN`, such as `hep-th/9901001` or `math.GT/0309136`.
    static func isOldStyle(_ text: Substring) -> Bool {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 7, parts[1].allSatisfy(\.isASCIIDigit) else { return false }
        let archive = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(archive.count), let name = archive.first, !name.isEmpty,
              name.allSatisfy({ $0.isASCIILowercaseLetter || $0 == "-" }), name.first != "-"
        else { return false }
        if archive.count == 2 {
            return archive[1].count == 2 && archive[1].allSatisfy { $0.isASCIILetter }
        }
        return true
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    var isASCIILetter: Bool { isASCII && isLetter }
    var isASCIILowercaseLetter: Bool { isASCII && isLowercase }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace (spaces, tabs, line breaks).
    func trimmingWhitespace() -> Substring {
        let characters = Substring(self)
        guard let first = characters.firstIndex(where: { !$0.isWhitespace }),
              let last = characters.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return characters[first...last]
    }
}
