import Foundation

/// One arXiv paper, at one version: what the API says about it and what the library keeps.
public struct Paper: Sendable, Equatable, Codable, Identifiable {
    /// The arXiv id without version, such as `2401.12345` or `hep-th/9901001`.
    public var id: String
    /// The version this record describes (1 for the first submission).
    public var version: Int
    /// The title, whitespace collapsed to single spaces.
    public var title: String
    /// The abstract, whitespace collapsed to single spaces.
    public var summary: String
    /// The authors in the order the paper lists them.
    public var authors: [Author]
    /// When version 1 was submitted.
    public var published: Date
    /// When this version was submitted.
    public var updated: Date
    /// The primary category, such as `cs.LG`.
    public var primaryCategory: String
    /// Every category, the primary one included.
    public var categories: [String]
    /// The abstract page: an `http(s)` link to arXiv or a DOI resolver (`PaperLink`).
    public var abstractURL: String
    /// The PDF: an `http(s)` link to arXiv or a DOI resolver (`PaperLink`).
    public var pdfURL: String
    /// The authors' comment (pages, figures, venue), if any.
    public var comment: String?
    /// The journal reference, if the paper was published.
    public var journalRef: String?
    /// The DOI, if there is one.
    public var doi: String?
    /// Every version arXiv lists, oldest first; empty when the source gave none (the query API).
    public var versions: [PaperVersion]
    /// The licence's URL, if the source gave one.
    public var license: String?
    /// Whether arXiv has withdrawn the paper (a deleted record in an OAI-PMH harvest).
    public var withdrawn: Bool

    /// Creates a paper; `title` and `summary` have their whitespace collapsed.
    public init(
        id: String, version: Int, title: String, summary: String, authors: [Author],
        published: Date, updated: Date, primaryCategory: String, categories: [String],
        abstractURL: String? = nil, pdfURL: String? = nil,
        comment: String? = nil, journalRef: String? = nil, doi: String? = nil,
        versions: [PaperVersion] = [], license: String? = nil, withdrawn: Bool = false
    ) {
        self.id = id
        self.version = version
        self.title = Paper.collapsingWhitespace(title)
        self.summary = Paper.collapsingWhitespace(summary)
        self.authors = authors
        self.published = published
        self.updated = updated
        self.primaryCategory = primaryCategory
        self.categories = categories
        // Only links that pass `PaperLink` are kept; arXiv's own addresses stand in for others.
        self.abstractURL = abstractURL.flatMap(PaperLink.checked) ?? "https://arxiv.org/abs/\(id)v\(version)"
        self.pdfURL = pdfURL.flatMap(PaperLink.checked) ?? "https://arxiv.org/pdf/\(id)v\(version)"
        self.comment = comment
        self.journalRef = journalRef
        self.doi = doi
        self.versions = versions
        self.license = license
        self.withdrawn = withdrawn
    }

    /// The id with its version, such as `2401.12345v2`.
    public var arxivID: ArxivID { ArxivID(base: id, version: version) }

    /// Runs of whitespace (line breaks included) as one space, with none at either end.
    ///
    /// The API hard-wraps some abstracts and indents others; the library and the screen want one
    /// line. Works on UTF-8 bytes (ASCII space, tab, CR, LF, VT, FF), so a 50 MB feed costs no
    /// grapheme breaking, and returns `text` itself when nothing changes.
    public static func collapsingWhitespace(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in isCollapsed(bytes) ? nil : collapsedString(bytes) } ?? text
    }

    /// UTF-8 text as a string with its whitespace collapsed, as `collapsingWhitespace` does.
    ///
    /// For parsers holding bytes: one pass when nothing needs doing, and no intermediate string when something does.
    public static func collapsedString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if isCollapsed(bytes) { return String(decoding: bytes, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: bytes.count) { collapse(bytes, into: $0) }
    }

    /// Copies `source` into `destination` (at least as long) with whitespace collapsed; returns the length written.
    ///
    /// Branch-free: every whitespace byte is written as a space, and the write position only
    /// moves past it when the byte before was not whitespace too; a trailing space is dropped.
    private static func collapse(
        _ source: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        var write = 0
        var previousWasSpace = 1
        for byte in source {
            let space = isSpace(byte) ? 1 : 0
            destination[write] = space == 1 ? 0x20 : byte
            write &+= 1 &- (space & previousWasSpace)
            previousWasSpace = space
        }
        if write > 0, destination[write &- 1] == 0x20 { write &-= 1 }
        return write
    }

    /// Whether UTF-8 text is already collapsed: no whitespace at either end, no run of two, none but spaces.
    ///
    /// Branch-free over blocks of 64 bytes, so the compiler can vectorise it: the parser checks
    /// every title and abstract of a feed, and most need nothing done.
    public static func isCollapsed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return true }
        if isSpace(first) || isSpace(last) { return false }
        let count = bytes.count
        var start = 1
        while start < count {
            let end = min(start &+ 64, count)
            var bad: UInt8 = 0
            for index in start..<end {
                let byte = bytes[index]
                let space: UInt8 = byte == 0x20 ? 1 : 0
                let previousSpace: UInt8 = bytes[index &- 1] == 0x20 ? 1 : 0
                let otherWhitespace: UInt8 = (byte &- 0x09) < 5 ? 1 : 0
                bad |= otherWhitespace | (space & previousSpace)
            }
            if bad != 0 { return false }
            start = end
        }
        return true
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte &- 0x09) < 5
    }
}

/// An author of a paper, with the affiliations the API lists (often none).
public struct Author: Sendable, Equatable, Codable {
    /// The name as arXiv shows it, such as `Adrian Del Maestro`.
    public var name: String
    /// The institutions the author gave.
    public var affiliations: [String]
    /// The family name, when the source splits names (OAI-PMH's arXiv format, the snapshot): `Del Maestro`.
    public var keyname: String?
    /// The given names, when the source splits names: `Adrian`.
    public var forenames: String?
    /// A suffix such as `Jr`, when the source gives one.
    public var suffix: String?

    public init(
        name: String, affiliations: [String] = [], keyname: String? = nil, forenames: String? = nil,
        suffix: String? = nil
    ) {
        self.name = name
        self.affiliations = affiliations
        self.keyname = keyname
        self.forenames = forenames
        self.suffix = suffix
    }

    /// An author from a split name: `name` is forenames, keyname and suffix in reading order.
    public init(keyname: String, forenames: String?, suffix: String?) {
        let parts = [forenames, keyname, suffix].compactMap { $0?.isEmpty == false ? $0 : nil }
        self.init(name: parts.joined(separator: " "), keyname: keyname, forenames: forenames, suffix: suffix)
    }

    /// The family name for citation keys and short lists: the keyname when known, else the name's last word.
    public var lastName: String {
        if let keyname, !keyname.isEmpty { return keyname }
        return name.split(separator: " ").last.map(String.init) ?? name
    }
}

/// One version of a paper: its number, when it was submitted and, from arXivRaw, its size.
public struct PaperVersion: Sendable, Equatable, Codable {
    /// 1 for the first version.
    public var number: Int
    /// When this version was submitted.
    public var submitted: Date
    /// The size as arXiv gives it, such as `13kb`.
    public var size: String?

    public init(number: Int, submitted: Date, size: String? = nil) {
        self.number = number
        self.submitted = submitted
        self.size = size
    }
}
