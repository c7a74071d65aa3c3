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
        (title == "Error" && authors.contains { $0.name == Self.errorAuthor })
            || (id.map { id in
                var id = id
                return id.withUTF8 { FeedBytes.find("/api/errors", in: $0) != nil }
            } ?? false)
    }

    /// The paper, or an error: `.apiError` for the API's error entry, `.badFeed` for an entry without id or dates.
    func paper(source: String, index: Int) throws -> Paper {
        if isAPIError {
            let message = Paper.collapsingWhitespace(summary)
            throw PapersError.apiError(message)
        }
        guard let id, let arxivID = ArxivID(parsing: id) else {
            throw PapersError.badFeed(source: source, problem: .missingID(entry: index, found: id ?? ""))
        }
        guard let published = published ?? updated, let updated = updated ?? self.published else {
            throw PapersError.badFeed(source: source, problem: .missingDates(entry: index, id: arxivID.description))
        }
        return Paper(
            id: arxivID.base, version: arxivID.version ?? 1, title: title, summary: summary,
            authors: authors.filter { !$0.name.isEmpty }, published: published, updated: updated,
            primaryCategory: primaryCategory ?? categories.first ?? "", categories: categories,
            abstractURL: abstractURL, pdfURL: pdfURL,
            comment: comment, journalRef: journalRef, doi: doi ?? doiFromLink)
    }
}
