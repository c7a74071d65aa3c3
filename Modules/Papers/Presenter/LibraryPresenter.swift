import Core
import Foundation
import Observation
import PapersEntity
import PapersUseCase

/// Publishes the library's statistics, imports, harvests, BibTeX exports and health checks.
@Observable
@MainActor
public final class LibraryPresenter: Presenting {
    /// The statistics, after `loadStats()`.
    public private(set) var stats: ViewState<LibraryStatsViewData> = .initial
    /// The outcome of the last import.
    public private(set) var importResult: ViewState<ImportViewData> = .initial
    /// The outcome of the last harvest.
    public private(set) var harvestResult: ViewState<HarvestViewData> = .initial
    /// The entries of the last BibTeX export.
    public private(set) var bibTeX: ViewState<BibTeXViewData> = .initial
    /// The papers of the last export.
    public private(set) var export: ViewState<ExportViewData> = .initial
    /// What the last check of the library found and fixed.
    public private(set) var health: ViewState<LibraryHealthViewData> = .initial
    /// The vectors of the last texts embedded.
    public private(set) var embedding: ViewState<EmbeddingViewData> = .initial
    /// What the last embedding of the library did.
    public private(set) var embedResult: ViewState<EmbedViewData> = .initial

    @ObservationIgnored private let useCase: PapersUseCase

    public init(useCase: PapersUseCase) {
        self.useCase = useCase
    }

    /// Embeds texts with the embedding model, one vector per text.
    public func embed(_ texts: [String]) async {
        await load(\.embedding) { EmbeddingViewData(vectors: try await useCase.embed(texts)) }
    }

    /// Gives every paper of the library a current vector, telling `progress` after each batch;
    /// stops after the batch in hand once `shouldStop` says so.
    public func embedLibrary(
        progress: @escaping @Sendable (EmbedProgressViewData) -> Void = { _ in },
        shouldStop: @escaping @Sendable () -> Bool = { false }
    ) async {
        await load(\.embedResult) {
            let summary = try await useCase.embedLibrary(
                progress: { progress(EmbedProgressViewData(current: $0.current, total: $0.total)) },
                shouldStop: shouldStop)
            return EmbedViewData(
                embedded: summary.embedded, alreadyCurrent: summary.alreadyCurrent, total: summary.total,
                stopped: summary.stopped)
        }
    }

    /// Loads the statistics.
    public func loadStats() async {
        await load(\.stats) {
            let stats = try await useCase.stats()
            let fields: [(String, String?)] = [
                ("papers", DisplayFormat.grouped(stats.papers)),
                ("favourites", DisplayFormat.grouped(stats.favourites)),
                ("fetches", DisplayFormat.grouped(stats.fetches)),
                (
                    "published",
                    stats.oldestPublished.flatMap { oldest in
                        stats.newestPublished.map { "\(DisplayFormat.day(oldest)) to \(DisplayFormat.day($0))" }
                    }
                ),
                ("last fetch", stats.lastFetch.map(DisplayFormat.day)),
            ]
            return LibraryStatsViewData(
                fields: fields.compactMap { label, value in value.map { DetailField(label: label, value: $0) } },
                categories: stats.topCategories, papers: stats.papers, favourites: stats.favourites,
                fetches: stats.fetches, oldestPublished: stats.oldestPublished.map(DisplayFormat.day),
                newestPublished: stats.newestPublished.map(DisplayFormat.day),
                lastFetch: stats.lastFetch.map(DisplayFormat.day))
        }
    }

    /// Imports Atom files (or, with `dryRun`, only checks and counts them).
    public func importFeeds(_ paths: [String], dryRun: Bool = false) async {
        await load(\.importResult) {
            let report = try await useCase.importFeeds(paths.map { URL(fileURLWithPath: $0) }, dryRun: dryRun)
            let saved = report.saved ?? SaveSummary()
            return ImportViewData(
                files: report.files, papers: report.papers, added: saved.added, updated: saved.updated,
                unchanged: saved.unchanged, repeats: report.repeats, dryRun: dryRun)
        }
    }

    /// Harvests a set of arXiv's OAI-PMH repository into the library; `progress` hears after every page.
    public func harvest(
        set: String?, from: String?, format: MetadataFormat,
        progress: (@Sendable (HarvestProgressViewData) -> Void)? = nil
    ) async {
        await load(\.harvestResult) {
            let report = try await useCase.harvest(set: set, from: from, format: format) { step in
                progress?(
                    HarvestProgressViewData(
                        pages: step.pages, records: step.records,
                        recordsPerSecond: step.elapsed >= 1 ? Double(step.records) / step.elapsed : nil,
                        datestamp: step.datestamp.map(HarvestDay.string)))
            }
            return HarvestViewData(
                set: report.key.set, format: report.key.format.rawValue, endpoint: report.key.endpoint,
                from: report.from, resumed: report.resumed, restarts: report.restarts, pages: report.pages,
                records: report.records, added: report.saved.added, updated: report.saved.updated,
                unchanged: report.saved.unchanged, withdrawn: report.withdrawn, nextFrom: report.nextFrom,
                skipped: report.skipped.compactMap(Self.skipped))
        }
    }

    /// A skipped record's view data; a record is skipped only for the problems above, so others give nil.
    private static func skipped(_ record: SkippedRecord) -> SkippedRecordViewData? {
        switch record.problem {
        case .incompleteEntry(let entry, let line, let part, let id):
            SkippedRecordViewData(page: record.page, record: entry, line: line, id: id, missing: part.rawValue)
        case .unsupportedMetadata(let entry, let line, _):
            SkippedRecordViewData(
                page: record.page, record: entry, line: line, id: "", missing: "format")
        case .invalidVersion(let entry, let line, let id, _):
            SkippedRecordViewData(page: record.page, record: entry, line: line, id: id, missing: "version")
        default: nil
        }
    }

    /// Checks the library for damage; with `fix`, repairs what it can.
    public func checkLibrary(fix: Bool) async {
        await load(\.health) {
            let health = try await useCase.checkLibrary(fix: fix)
            return LibraryHealthViewData(
                papers: health.papers, problems: health.problems, fixed: health.fixed, remaining: health.remaining,
                fixAsked: fix)
        }
    }

    /// Exports BibTeX for the papers, fetching the ones the library lacks.
    public func exportBibTeX(_ ids: [String]) async {
        await load(\.bibTeX) {
            BibTeXViewData(entries: try await useCase.bibTeX(ids).map(\.bibTeX))
        }
    }

    /// Selects papers for an export: ids (fetched when the library lacks them), the favourites,
    /// a watch's matches, a library search's.
    public func export(ids: [String], favourites: Bool, watch: String?, query: String?) async {
        await load(\.export) {
            let papers = try await useCase.exportSelection(ids: ids, favourites: favourites, watch: watch, query: query)
            // Two papers can make the same key (first author, year, first long word); a reference
            // manager keeps one entry per key, so later ones get b, c, … as BibTeX styles do.
            var used: [String: Int] = [:]
            return ExportViewData(
                records: papers.map { paper in
                    var record = Self.record(paper)
                    let count = used[record.citationKey, default: 0]
                    used[record.citationKey] = count + 1
                    if count > 0 {
                        let key = record.citationKey + Self.keySuffix(count)
                        record.bibTeX = record.bibTeX.replacingOccurrences(
                            of: "@misc{\(record.citationKey),", with: "@misc{\(key),")
                        record.citationKey = key
                    }
                    return record
                })
        }
    }

    /// `b` for the second paper with a key, `c` for the third, … `z`, then `aa`, `ab`, ….
    private static func keySuffix(_ count: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return count < 26 ? String(letters[count]) : keySuffix(count / 26 - 1) + String(letters[count % 26])
    }

    /// A paper as a reference manager reads it.
    static func record(_ paper: Paper) -> ExportRecord {
        let day = DisplayFormat.day(paper.published).split(separator: "-").compactMap { Int($0) }
        return ExportRecord(
            id: paper.id, version: paper.version, citationKey: paper.citationKey, title: paper.title,
            authors: paper.authors.map(Self.name), summary: paper.summary,
            year: day.first ?? 0, month: day.count > 1 ? day[1] : 1, day: day.count > 2 ? day[2] : 1,
            doi: paper.doi ?? paper.dataCiteDOI,
            categories: [paper.primaryCategory] + paper.categories.filter { $0 != paper.primaryCategory },
            abstractURL: "https://arxiv.org/abs/\(paper.id)v\(paper.version)", pdfURL: paper.pdfURL,
            journalRef: paper.journalRef, comment: paper.comment, bibTeX: paper.bibTeX)
    }

    /// Family and given names: the stored keyname and forenames, else the last word and the rest.
    private static func name(_ author: Author) -> ExportRecord.Name {
        if let keyname = author.keyname, !keyname.isEmpty {
            return ExportRecord.Name(
                family: keyname, given: author.forenames, suffix: author.suffix, literal: author.name)
        }
        var words = author.name.split(separator: " ").map(String.init)
        let family = words.popLast() ?? author.name
        return ExportRecord.Name(
            family: family, given: words.isEmpty ? nil : words.joined(separator: " "), suffix: nil, literal: author.name
        )
    }
}
