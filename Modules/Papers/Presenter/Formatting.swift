import Foundation
import PapersEntity

/// Display rules the presenters share: dates, counts and row shapes.
///
/// Dates go through one static UTC calendar, never a formatter per row.
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

    /// The rows of a list, with every value whole: the app fits them to its output.
    static func rows(_ papers: [Paper], favourites: Set<String>, now: Date) -> [PaperRowViewData] {
        papers.map { paper in
            PaperRowViewData(
                shortID: paper.shortID, id: paper.id, date: day(paper.published), title: paper.title,
                authors: paper.authorSummary, allAuthors: paper.authors.map(\.name), category: paper.primaryCategory,
                isFavourite: favourites.contains(paper.id), isRecent: paper.isRecentlyPublished(now: now))
        }
    }

    /// Everything about one paper; `change` says what a favourite mark just did, if anything.
    static func detail(_ paper: Paper, isFavourite: Bool, now: Date, change: FavouriteNotice? = nil)
        -> PaperDetailViewData
    {
        PaperDetailViewData(
            shortID: paper.shortID, id: paper.id, version: paper.version, title: paper.title,
            authors: paper.authors.map {
                $0.affiliations.isEmpty ? $0.name : "\($0.name) (\($0.affiliations.joined(separator: ", ")))"
            },
            published: day(paper.published), updated: day(paper.updated),
            primaryCategory: paper.primaryCategory, categories: paper.categories,
            abstractURL: paper.abstractURL, pdfURL: paper.pdfURL,
            comment: paper.comment, journalRef: paper.journalRef, doi: paper.doi, summary: paper.summary,
            isFavourite: isFavourite, isRecent: paper.isRecentlyPublished(now: now), change: change)
    }
}
