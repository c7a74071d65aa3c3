import Foundation
import PapersPresenter
import TerminalUI

/// The formats an export writes: what LaTeX, Zotero, Mendeley and pandoc read.
enum ExportFormat: String, CaseIterable {
    case bibtex, ris
    case cslJSON = "csl-json"
}

/// An export laid out in each format, each field escaped the way its format needs.
enum ExportViews {
    static func render(_ data: ExportViewData, as format: ExportFormat) throws -> String {
        switch format {
        case .bibtex: data.records.map(\.bibTeX).joined(separator: "\n\n") + "\n"
        case .ris: data.records.map(ris).joined()
        case .cslJSON: try JSONOutput.string(data.records.map(CSLItem.init)) + "\n"
        }
    }

    /// One RIS record: `TAG  - value` lines (CRLF, as the RIS specification has them), `ER` last.
    ///
    /// A value is one line: line breaks and other control characters become spaces, so no
    /// value can end its line early or start a tag of its own.
    static func ris(_ record: ExportRecord) -> String {
        var fields: [(String, String)] = [("TY", "UNPB"), ("TI", record.title)]
        for author in record.authors {
            let given = author.given.map { ", \($0)" } ?? ""
            let suffix = author.suffix.map { ", \($0)" } ?? ""
            fields.append(("AU", author.family + given + suffix))
        }
        fields += [
            ("PY", String(format: "%04d", record.year)),
            ("DA", String(format: "%04d/%02d/%02d", record.year, record.month, record.day)),
            ("AB", record.summary), ("DO", record.doi), ("UR", record.abstractURL), ("L1", record.pdfURL),
            ("PB", "arXiv"), ("AN", "arXiv:\(record.id)"), ("ET", "v\(record.version)"),
        ]
        fields += record.categories.map { ("KW", $0) }
        if let journal = record.journalRef { fields.append(("JF", journal)) }
        if let comment = record.comment { fields.append(("N1", comment)) }
        let lines = fields.map { "\($0.0)  - \(risValue($0.1))" } + ["ER  - ", ""]
        return lines.joined(separator: "\r\n")
    }

    /// A value on one line: control characters (line breaks included) as spaces, runs collapsed.
    static func risValue(_ text: String) -> String {
        let spaced = String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        return spaced.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}

/// One CSL-JSON item, as citeproc, pandoc and Zotero read a preprint.
struct CSLItem: Encodable {
    struct Name: Encodable {
        let family: String
        let given: String?
        let suffix: String?
    }

    struct DateParts: Encodable {
        let dateParts: [[Int]]

        enum CodingKeys: String, CodingKey { case dateParts = "date-parts" }
    }

    let id: String
    let type = "article"
    let title: String
    let author: [Name]
    let issued: DateParts
    let abstract: String
    let doi: String
    let url: String
    let number: String
    let publisher = "arXiv"
    let genre = "preprint"
    let version: String
    let keyword: String
    let containerTitle: String?
    let note: String?

    enum CodingKeys: String, CodingKey {
        case id, type, title, author, issued, abstract, number, publisher, genre, version, keyword, note
        case doi = "DOI"
        case url = "URL"
        case containerTitle = "container-title"
    }

    init(_ record: ExportRecord) {
        id = record.citationKey
        title = record.title
        author = record.authors.map { Name(family: $0.family, given: $0.given, suffix: $0.suffix) }
        issued = DateParts(dateParts: [[record.year, record.month, record.day]])
        abstract = record.summary
        doi = record.doi
        url = record.abstractURL
        number = "arXiv:\(record.id)"
        version = String(record.version)
        keyword = record.categories.joined(separator: ", ")
        containerTitle = record.journalRef
        note = record.comment
    }

}
