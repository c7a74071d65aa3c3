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

    /// Insert, or update when the new record is a higher version or the same version updated
    /// later, or when it brings a list the stored paper lacks (emptied by `papers doctor --fix`,
    /// or versions the query API never gave).
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
            OR papers.authors = '[]' OR (papers.versions = '[]' AND excluded.versions != '[]')
        """
    }

    private static func assignment(_ name: String) -> String {
        switch name {
        case "published": "published = min(papers.published, excluded.published)"
        case "versions": "versions = CASE WHEN excluded.versions = '[]' THEN papers.versions ELSE excluded.versions END"
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
            rows.append(StoredAuthors.encode(paper.authors))
            rows.append(paper.published.millisecondsSince1970)
            rows.append(paper.updated.millisecondsSince1970)
            rows.append(paper.primaryCategory)
            rows.append(paper.categories.joined(separator: " "))
            rows.append(paper.abstractURL)
            rows.append(paper.pdfURL)
            rows.append(paper.comment)
            rows.append(paper.journalRef)
            rows.append(paper.doi)
            rows.append(StoredVersions.encode(paper.versions))
            rows.append(paper.license)
            rows.append(paper.withdrawn)
        }
        return rows
    }

    /// The paper a row of `select` holds, read by column name.
    ///
    /// - Throws: `PapersError.unreadableList` naming the paper when its authors or versions are
    ///   not the JSON the library writes: a list is never read in part.
    static func paper(_ row: Row) throws -> Paper {
        let id: String = row["id"]
        let authors: [Author]
        let versions: [PaperVersion]
        do throws(UnreadableList) {
            authors = try StoredAuthors.decode(row["authors"])
            versions = try StoredVersions.decode(row["versions"])
        } catch {
            throw PapersError.unreadableList(id: id, list: error.kind.rawValue)
        }
        return Paper(
            id: id, version: row["version"], title: row["title"], summary: row["summary"], authors: authors,
            published: Date(millisecondsSince1970: row["published"]),
            updated: Date(millisecondsSince1970: row["updated"]), primaryCategory: row["primary_category"],
            categories: (row["categories"] as String).split(separator: " ").map(String.init),
            abstractURL: row["abstract_url"], pdfURL: row["pdf_url"], comment: row["comment"],
            journalRef: row["journal_ref"], doi: row["doi"], versions: versions, license: row["license"],
            withdrawn: row["withdrawn"])
    }
}
