import Core
import Foundation
import PapersEntity

/// The fields of one `<entry>` as the reader finds them, turned into a `Paper` at `</entry>`.
struct EntryBuilder {
    var id: String?
    var title = ""
    var summary = ""
    var authors: [Author] = []
    var published: Date?
    var updated: Date?
    var primaryCategory: String?
    var categories: [String] = []
    var abstractURL: String?
    var pdfURL: String?
    var comment: String?
    var journalRef: String?
    var doi: String?
    var doiFromLink: String?
    /// The line the entry's `<entry>` tag is on, for errors.
    var line = 0

    /// The author arXiv signs its error entries with.
    static let errorAuthor = "arXiv api core"

    /// Whether this is the API's error entry rather than a paper.
    var isAPIError: Bool {
        (title == "Error" && authors.contains { $0.name == Self.errorAuthor })
            || (id.map { id in
                var id = id
                return id.withUTF8 { FeedBytes.find("/api/errors", in: $0) != nil }
            } ?? false)
    }

    /// The paper, or an error: `.apiError` for the API's error entry, `.badFeed` (`.incompleteEntry`)
    /// for an entry without an id, a title, an author or dates, so a damaged feed saves nothing.
    func paper(source: String, index: Int) throws -> Paper {
        if isAPIError {
            let message = Paper.collapsingWhitespace(summary)
            throw PapersError.apiError(message)
        }
        func incomplete(_ part: EntryPart, _ id: String) -> PapersError {
            .badFeed(source: source, problem: .incompleteEntry(entry: index, line: line, missing: part, id: id))
        }
        guard let id, let arxivID = ArxivID(parsing: id) else {
            if let (base, version) = id.flatMap(ArxivID.invalidVersion(in:)) {
                throw PapersError.badFeed(
                    source: source, problem: .invalidVersion(entry: index, line: line, id: base, version: version))
            }
            throw incomplete(.id, id ?? "")
        }
        guard title.contains(where: { !$0.isWhitespace }) else { throw incomplete(.title, arxivID.description) }
        let authors = authors.filter { $0.name.contains { !$0.isWhitespace } }
        guard !authors.isEmpty else { throw incomplete(.author, arxivID.description) }
        guard let published = published ?? updated, let updated = updated ?? self.published else {
            throw incomplete(.dates, arxivID.description)
        }
        return Paper(
            id: arxivID.base, version: arxivID.version ?? 1, title: title, summary: summary,
            authors: authors, published: published, updated: updated,
            primaryCategory: primaryCategory ?? categories.first ?? "", categories: categories,
            abstractURL: abstractURL, pdfURL: pdfURL,
            comment: comment, journalRef: journalRef, doi: doi ?? doiFromLink)
    }
}
