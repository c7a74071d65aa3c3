import PapersPresenter

// The JSON `papers` prints for lists and papers: whole values, plus the favourite mark, the
// empty-list hint and the notice that text output shows. The view data carries no glyphs or
// sentences (they are the app's words), so these add them.

/// A list of papers as `--format json` prints it.
struct PaperListJSON: Encodable {
    struct Row: Encodable {
        let shortID, id, date, title, authors: String
        let allAuthors: [String]
        let category: String
        let isFavourite, isRecent: Bool
        let mark: String
        let markedVersion: Int?
        let announceType: String?
        let abstractURL, pdfURL: String
        let snippet: [TextRunViewData]?
    }

    let heading: String
    let rows: [Row]
    let totalResults: Int?
    let emptyMessage: String
    let saved: SavedCounts?
    let savedNote: String?
    /// For a library search: which matches the rows are, and how many there are.
    let range: ResultRangeViewData?
    /// For a list by meaning: each row's cosine, and how many papers have no vector yet.
    let scores: [Double]?
    let unembedded: Int?

    init(_ data: PaperListViewData, emptyMessage: String) {
        heading = Headings.list(data)
        range = data.range
        scores = data.scores
        unembedded = data.unembedded
        totalResults = data.totalResults
        saved = data.saved
        rows = data.rows.map { row in
            Row(
                shortID: row.shortID, id: row.id, date: row.date, title: row.title,
                authors: row.authors,
                allAuthors: row.allAuthors, category: row.category, isFavourite: row.isFavourite,
                isRecent: row.isRecent,
                mark: row.isFavourite ? Views.favouriteMark : "", markedVersion: row.markedVersion,
                announceType: row.announceType, abstractURL: row.abstractURL, pdfURL: row.pdfURL, snippet: row.snippet)
        }
        self.emptyMessage = emptyMessage
        savedNote = Headings.saved(data)
    }
}

/// An import's counts as `--format json` prints them, with the line text output shows.
struct ImportJSON: Encodable {
    let files, papers, added, updated, unchanged, repeats: Int
    let dryRun: Bool
    let message: String

    init(_ data: ImportViewData) {
        (files, papers, added, updated) = (data.files, data.papers, data.added, data.updated)
        (unchanged, repeats, dryRun) = (data.unchanged, data.repeats, data.dryRun)
        message = Headings.importLine(data)
    }
}

/// A harvest's counts as `--format json` prints them, with the line text output shows.
struct HarvestJSON: Encodable {
    let data: HarvestViewData
    let message: String

    init(_ data: HarvestViewData) {
        self.data = data
        message = Headings.harvestLine(data)
    }

    func encode(to encoder: any Encoder) throws {
        try data.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(message, forKey: .message)
    }

    private enum Key: String, CodingKey { case message }
}

/// One paper as `--format json` prints it.
struct PaperDetailJSON: Encodable {
    let shortID, id: String
    let version: Int
    let title: String
    let authors: [String]
    let published, updated, primaryCategory: String
    let categories: [String]
    let abstractURL, pdfURL: String
    let comment, journalRef, doi: String?
    let versions: [VersionViewData]
    let license: String?
    let withdrawn: Bool
    let summary: String
    let isFavourite, isRecent: Bool
    let notice: String?

    init(_ data: PaperDetailViewData, notice: String?) {
        shortID = data.shortID
        id = data.id
        version = data.version
        title = data.title
        authors = data.authors
        published = data.published
        updated = data.updated
        primaryCategory = data.primaryCategory
        categories = data.categories
        abstractURL = data.abstractURL
        pdfURL = data.pdfURL
        comment = data.comment
        journalRef = data.journalRef
        doi = data.doi
        versions = data.versions
        license = data.license
        withdrawn = data.withdrawn
        summary = data.summary
        isFavourite = data.isFavourite
        isRecent = data.isRecent
        self.notice = notice
    }
}
