import Core
import Foundation
import PapersEntity

/// Display rules the presenters share: plurals and row shapes.
///
/// Counts and days (UTC, arXiv's time zone for dates) are written by Core's `DisplayFormat`.
enum Formatting {
    /// The rows of a list, with every value whole: the app fits them to its output.
    static func rows(
        _ papers: [Paper], favourites: Set<String>, markedVersions: [String: Int] = [:],
        announceTypes: [AnnounceType] = [], snippets: [String: MarkedText]? = nil, now: Date
    ) -> [PaperRowViewData] {
        papers.enumerated().map { row, paper in
            PaperRowViewData(
                shortID: paper.shortID, id: paper.id, date: DisplayFormat.day(paper.published), title: paper.title,
                authors: paper.authorSummary, allAuthors: paper.authors.map(\.name), category: paper.primaryCategory,
                isFavourite: favourites.contains(paper.id), isRecent: paper.isRecentlyPublished(now: now),
                markedVersion: markedVersions[paper.id].flatMap { $0 < paper.version ? $0 : nil },
                announceType: row < announceTypes.count ? announceTypes[row].rawValue : nil,
                abstractURL: paper.abstractURL, pdfURL: paper.pdfURL,
                snippet: snippets.map { snippets in
                    (snippets[paper.id]?.runs ?? [MarkedText.Run(paper.summary, isMatch: false)]).map {
                        TextRunViewData(text: $0.text, isMatch: $0.isMatch)
                    }
                })
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
            authorNames: paper.authors.map(\.name),
            published: DisplayFormat.day(paper.published), updated: DisplayFormat.day(paper.updated),
            primaryCategory: paper.primaryCategory, categories: paper.categories,
            abstractURL: paper.abstractURL, pdfURL: paper.pdfURL,
            comment: paper.comment, journalRef: paper.journalRef, doi: paper.doi,
            versions: paper.versions.map {
                VersionViewData(number: $0.number, date: DisplayFormat.day($0.submitted), size: $0.size)
            },
            license: paper.license, withdrawn: paper.withdrawn, summary: paper.summary,
            isFavourite: isFavourite, isRecent: paper.isRecentlyPublished(now: now), change: change)
    }
}
