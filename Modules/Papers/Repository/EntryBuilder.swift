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

    /// The author arXiv signs its error entries with.
    static let errorAuthor = "arXiv api core"

    /// Whether this is the API's error entry rather than a paper.
    var isAPIError: Bool {
        (title == "Error" && authors.contains { $0.name == Self.errorAuthor }) || (id.map { id in
            var id = id
            return id.withUTF8 { FeedBytes.find("/api/errors", in: $0) != nil }
        } ?? false)
    }

    /// The paper, or an error: `.remote` for the API's error entry, `.badData` for an entry without id or dates.
    func paper(source: String, index: Int) throws -> Paper {
        if isAPIError {
            let message = Paper.collapsingWhitespace(summary)
            throw MessageError.remote("the arXiv API reports an error: \(message.isEmpty ? "no message" : message); check the query or the id")
        }
        guard let id, let arxivID = ArxivID(parsing: id) else {
            throw MessageError.badData("\(source): entry \(index) has no arXiv id (got '\(id ?? "")'); the feed is damaged")
        }
        guard let published = published ?? updated, let updated = updated ?? self.published else {
            throw MessageError.badData("\(source): entry \(index) (\(arxivID)) has no dates; the feed is damaged")
        }
        return Paper(
            id: arxivID.base, version: arxivID.version ?? 1, title: title, summary: summary,
            authors: authors.filter { !$0.name.isEmpty }, published: published, updated: updated,
            primaryCategory: primaryCategory ?? categories.first ?? "", categories: categories,
            abstractURL: abstractURL, pdfURL: pdfURL,
            comment: comment, journalRef: journalRef, doi: doi ?? doiFromLink)
    }
}
