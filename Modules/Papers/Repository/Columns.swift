import Core
import Database
import Foundation
import PapersEntity

/// The papers table's columns, in the one order the SQL and the row readers share.
enum Columns {
    static let names = [
        "id", "version", "title", "summary", "author_names", "authors", "published", "updated",
        "primary_category", "categories", "abstract_url", "pdf_url", "comment", "journal_ref", "doi",
        "versions", "license", "withdrawn",
    ]

    static let select = names.joined(separator: ", ")

    static func select(_ table: String) -> String { names.map { "\(table).\($0)" }.joined(separator: ", ") }

    /// Insert, or update when the new record is a higher version or the same version updated later.
    ///
    /// What a newer record may lack is kept: the earlier first-version date (the daily feed only
    /// knows the announcement day), the version list and the licence (the query API has neither).
    ///
    /// `stamp` is the write's stamp: a new paper entered then, and a paper whose version rises
    /// got its new version then (`entered_at`, `revised_at`).
    static func upsert(stamp: Int64) -> String {
        """
        INSERT INTO papers (\(select), entered_at, revised_at) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")), \(stamp), \(stamp))
        ON CONFLICT(id) DO UPDATE SET \(names.dropFirst().map(assignment).joined(separator: ", ")),
            revised_at = CASE WHEN excluded.version > papers.version THEN excluded.revised_at ELSE papers.revised_at END
        WHERE excluded.version > papers.version OR (excluded.version = papers.version AND excluded.updated > papers.updated)
        """
    }

    private static func assignment(_ name: String) -> String {
        switch name {
        case "published": "published = min(papers.published, excluded.published)"
        case "versions": "versions = CASE WHEN excluded.versions = '' THEN papers.versions ELSE excluded.versions END"
        case "license": "license = coalesce(excluded.license, papers.license)"
        default: "\(name) = excluded.\(name)"
        }
    }

    /// The papers as upsert rows, values in `names` order.
    static func rows(_ papers: [Paper]) -> RowBatch {
        var rows = RowBatch(width: names.count)
        for paper in papers {
            rows.append(paper.id)
            rows.append(paper.version)
            rows.append(paper.title)
            rows.append(paper.summary)
            rows.append(paper.authors.map { $0.name }.joined(separator: ", "))
            rows.append(AuthorCoding.encode(paper.authors))
            rows.append(paper.published.millisecondsSince1970)
            rows.append(paper.updated.millisecondsSince1970)
            rows.append(paper.primaryCategory)
            rows.append(paper.categories.joined(separator: " "))
            rows.append(paper.abstractURL)
            rows.append(paper.pdfURL)
            rows.append(paper.comment)
            rows.append(paper.journalRef)
            rows.append(paper.doi)
            rows.append(VersionCoding.encode(paper.versions))
            rows.append(paper.license)
            rows.append(paper.withdrawn)
        }
        return rows
    }

    static func paper(_ row: Row) -> Paper {
        Paper(
            id: row[0], version: row[1], title: row[2], summary: row[3], authors: AuthorCoding.decode(row[5]),
            published: Date(millisecondsSince1970: row[6]), updated: Date(millisecondsSince1970: row[7]),
            primaryCategory: row[8], categories: (row[9] as String).split(separator: " ").map(String.init),
            abstractURL: row[10], pdfURL: row[11], comment: row[12], journalRef: row[13], doi: row[14],
            versions: VersionCoding.decode(row[15]), license: row[16], withdrawn: row[17])
    }
}

/// Turns what a person types into an FTS5 query that cannot be a syntax error.
///
/// Words must all match (in any order); `"two words"` is a phrase; `word*` a prefix;
/// `ti:`, `au:` and `abs:` limit a word to the title, the authors or the abstract.
/// Everything else is quoted, so FTS5 operators and punctuation in the input are plain text.
enum FullTextQuery {
    static let columns = ["ti": "title", "au": "author_names", "abs": "summary"]

    /// The query of `terms`: all of them.
    static func match(_ terms: [String]) -> String { terms.joined(separator: " AND ") }

    /// Each word, phrase or prefix of `text` as an FTS5 query of its own, in order: FTS5 numbers
    /// the phrases of `match(terms)` in this order.
    static func terms(_ text: String) -> [String] {
        var terms: [String] = []
        var rest = Substring(text)
        while let start = rest.firstIndex(where: { !$0.isWhitespace }) {
            rest = rest[start...]
            var column: String?
            if let colon = rest.firstIndex(where: { $0 == ":" || $0.isWhitespace || $0 == "\"" }), rest[colon] == ":",
                let name = columns[rest[..<colon].lowercased()]
            {
                column = name
                rest = rest[rest.index(after: colon)...]
            }
            var word: Substring
            if rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") {
                word = rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
                word = rest[..<end]
                rest = rest[end...]
            }
            let prefix = word.hasSuffix("*")
            if prefix { word = word.dropLast() }
            let cleaned = word.filter { $0 != "\"" }
            guard cleaned.contains(where: { $0.isLetter || $0.isNumber }) else { continue }
            let term = "\"\(cleaned)\"" + (prefix ? "*" : "")
            terms.append(column.map { "\($0) : \(term)" } ?? term)
        }
        return terms
    }
}
