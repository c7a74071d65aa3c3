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
    /// The abstract page.
    public var abstractURL: String
    /// The PDF.
    public var pdfURL: String
    /// The authors' comment (pages, figures, venue), if any.
    public var comment: String?
    /// The journal reference, if the paper was published.
    public var journalRef: String?
    /// The DOI, if there is one.
    public var doi: String?

    /// Creates a paper; `title` and `summary` have their whitespace collapsed.
    public init(
        id: String, version: Int, title: String, summary: String, authors: [Author],
        published: Date, updated: Date, primaryCategory: String, categories: [String],
        abstractURL: String? = nil, pdfURL: String? = nil,
        comment: String? = nil, journalRef: String? = nil, doi: String? = nil
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
        let versioned = "\(id)v\(version)"
        self.abstractURL = abstractURL ?? "https://arxiv.org/abs/\(versioned)"
        self.pdfURL = pdfURL ?? "https://arxiv.org/pdf/\(versioned)"
        self.comment = comment
        self.journalRef = journalRef
        self.doi = doi
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
        return text.withUTF8 { bytes in
            if !needsCollapsing(bytes) { return nil }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var pendingSpace = false
            for byte in bytes {
                if isSpace(byte) {
                    pendingSpace = !result.isEmpty
                } else {
                    if pendingSpace { result.append(0x20) }
                    pendingSpace = false
                    result.append(byte)
                }
            }
            return String(decoding: result, as: UTF8.self)
        } ?? text
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Whether the text has leading or trailing whitespace, a run of two, or any whitespace but a space.
    private static func needsCollapsing(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if isSpace(first) || isSpace(last) { return true }
        var previousWasSpace = false
        for byte in bytes {
            if byte == 0x20 {
                if previousWasSpace { return true }
                previousWasSpace = true
            } else if isSpace(byte) {
                return true
            } else {
                previousWasSpace = false
            }
        }
        return false
    }
}

/// An author of a paper, with the affiliations the API lists (often none).
public struct Author: Sendable, Equatable, Codable {
    /// The name as arXiv shows it, such as `Adrian Del Maestro`.
    public var name: String
    /// The institutions the author gave.
    public var affiliations: [String]

    /// Creates an author.
    public init(name: String, affiliations: [String] = []) {
        self.name = name
        self.affiliations = affiliations
    }

    /// The last word of the name, for citation keys and short lists.
    public var lastName: String {
        name.split(separator: " ").last.map(String.init) ?? name
    }
}
