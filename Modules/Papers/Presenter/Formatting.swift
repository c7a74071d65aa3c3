import Foundation
import PapersEntity

/// Display rules the presenters share: dates, counts and row shapes.
enum Formatting {
    /// `yyyy-MM-dd` in UTC, arXiv's time zone for dates.
    static func day(_ date: Date) -> String {
        let parts = utc.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// A count with thousands separators: `214,881`.
    static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// `n noun` with an s when n is not 1.
    static func plural(_ value: Int, _ noun: String) -> String {
        "\(count(value)) \(noun)\(value == 1 ? "" : "s")"
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }()

    /// Widest an author cell gets before it is cut.
    static let authorWidth = 24

    /// The rows of a list, titles cut so the table fits `columns`.
    static func rows(_ papers: [Paper], favourites: Set<String>, now: Date, columns: Int) -> [PaperRowViewData] {
        let authors = papers.map { cut($0.authorSummary, to: authorWidth) }
        let idWidth = papers.map(\.shortID.count).max() ?? 0
        let categoryWidth = papers.map(\.primaryCategory.count).max() ?? 0
        let authorsWidth = authors.map(\.count).max() ?? 0
        // mark, id, date (10), authors, category: each followed by a two-space gap.
        let fixed = 1 + idWidth + 10 + authorsWidth + categoryWidth + 5 * 2
        let titleWidth = max(20, columns - fixed)
        return zip(papers, authors).map { paper, author in
            let favourite = favourites.contains(paper.id)
            return PaperRowViewData(
                shortID: paper.shortID, id: paper.id, date: day(paper.published), title: paper.title,
                displayTitle: cut(paper.title, to: titleWidth), authors: author, allAuthors: paper.authors.map(\.name),
                category: paper.primaryCategory, isFavourite: favourite, isRecent: paper.isRecentlyPublished(now: now),
                mark: favourite ? "★" : "")
        }
    }

    /// `text` cut to `width` characters, ending in `…` when cut.
    static func cut(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        return String(text.prefix(max(0, width - 1))) + "…"
    }

    static func detail(_ paper: Paper, isFavourite: Bool, now: Date, notice: String? = nil) -> PaperDetailViewData {
        PaperDetailViewData(
            shortID: paper.shortID, id: paper.id, version: paper.version, title: paper.title,
            authors: paper.authors.map { $0.affiliations.isEmpty ? $0.name : "\($0.name) (\($0.affiliations.joined(separator: ", ")))" },
            published: day(paper.published), updated: day(paper.updated),
            primaryCategory: paper.primaryCategory, categories: paper.categories,
            abstractURL: paper.abstractURL, pdfURL: paper.pdfURL,
            comment: paper.comment, journalRef: paper.journalRef, doi: paper.doi, summary: paper.summary,
            isFavourite: isFavourite, isRecent: paper.isRecentlyPublished(now: now), notice: notice)
    }
}
