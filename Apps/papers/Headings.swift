import AppSupport
import Core
import PapersEntity
import PapersPresenter

/// The lines `papers` writes above and below its lists and after an import: the app's words
/// for what the view data counts.
enum Headings {
    /// `20 of 214,881 results for all:testing`, `showing 1–20 of 92 for helium OR testing`, or
    /// `3 papers for favourites`.
    static func list(_ data: PaperListViewData) -> String {
        if case .announcements(let categories, let unfiltered, let day) = data.subject {
            let byType = Dictionary(grouping: data.rows.compactMap(\.announceType), by: { $0 }).mapValues(\.count)
            let counts = AnnounceType.allCases.compactMap { type in
                byType[type.rawValue].map { "\(DisplayFormat.grouped($0)) \(type.rawValue)" }
            }
            let shown = data.rows.count < unfiltered ? " (of \(DisplayFormat.grouped(unfiltered)))" : ""
            return
                "\(plural(data.rows.count, "announcement"))\(shown) in \(categories)\(day.map { " on \($0)" } ?? ""): \(counts.joined(separator: ", "))"
        }
        if let range = data.range, !data.rows.isEmpty {
            let total =
                range.totalIsLowerBound
                ? "more than \(DisplayFormat.grouped(range.total))" : DisplayFormat.grouped(range.total)
            let shown =
                range.first == range.last
                ? DisplayFormat.grouped(range.first)
                : "\(DisplayFormat.grouped(range.first))–\(DisplayFormat.grouped(range.last))"
            let ranked =
                range.rankedNewest.map { newest in
                    range.total > newest ? " (the \(DisplayFormat.grouped(newest)) newest ranked)" : ""
                } ?? ""
            return "showing \(shown) of \(total) for \(data.description)\(ranked)"
        }
        if let total = data.totalResults, total > data.rows.count {
            return
                "\(DisplayFormat.grouped(data.rows.count)) of \(DisplayFormat.grouped(total)) results for \(data.description)"
        }
        return "\(plural(data.rows.count, "paper")) for \(data.description)"
    }

    /// `library: 3 added, 0 updated, 0 unchanged`, for a fetched list.
    static func saved(_ data: PaperListViewData) -> String? {
        if let unembedded = data.unembedded, unembedded > 0 {
            return
                "\(plural(unembedded, "paper")) of the library \(unembedded == 1 ? "has" : "have") no vector yet, so cannot be found by meaning; `papers library embed` adds them"
        }
        return data.saved.map { "library: \(counts(added: $0.added, updated: $0.updated, unchanged: $0.unchanged))" }
    }

    /// One line for an embedding run.
    static func embedLine(_ data: EmbedViewData) -> String {
        let current = data.alreadyCurrent + data.embedded
        let line =
            "embedded \(plural(data.embedded, "paper")); \(DisplayFormat.grouped(current)) of \(plural(data.total, "paper")) have current vectors"
        return data.stopped ? line + " (stopped: run `papers library embed` again to go on)" : line
    }

    /// One line for an import or a dry run.
    static func importLine(_ data: ImportViewData) -> String {
        let files = plural(data.files, "file")
        let repeats =
            data.repeats == 0
            ? ""
            : " (\(DisplayFormat.grouped(data.repeats)) repeated \(data.repeats == 1 ? "entry" : "entries") skipped)"
        if data.dryRun {
            return "\(plural(data.papers, "paper")) in \(files)\(repeats), all well-formed (dry run: nothing saved)"
        }
        return
            "imported \(plural(data.papers, "paper")) from \(files)\(repeats): \(counts(added: data.added, updated: data.updated, unchanged: data.unchanged))"
    }

    /// What a harvest did, in one line, and what the next run will do.
    static func harvestLine(_ data: HarvestViewData) -> String {
        let set = data.set.isEmpty ? "all of arXiv" : "set \(data.set)"
        let from = data.from.map { " from \($0)" } ?? ""
        var notes: [String] = []
        if data.resumed { notes.append("went on from the last run's token") }
        if data.restarts > 0 { notes.append("token refused, list started again \(plural(data.restarts, "time"))") }
        let note = notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))"
        let withdrawn = data.withdrawn == 0 ? "" : ", \(DisplayFormat.grouped(data.withdrawn)) withdrawn"
        let next = data.nextFrom.map { "; the next harvest starts from \($0)" } ?? ""
        let skipped = data.skipped.isEmpty ? "" : ", \(plural(data.skipped.count, "record")) skipped as unreadable"
        return
            "harvested \(set) (\(data.format))\(from)\(note): \(plural(data.records, "record")) in \(plural(data.pages, "page")), \(counts(added: data.added, updated: data.updated, unchanged: data.unchanged))\(withdrawn)\(skipped)\(next)"
    }

    /// One line for a harvested record that was left out: which it was and what it lacks.
    static func skippedRecord(_ record: SkippedRecordViewData) -> String {
        let which = record.id.isEmpty ? "" : ", \(Quote.quoted(record.id, limit: 60))"
        let what =
            switch record.missing {
            case "format": "is in a metadata format papers cannot read"
            case "id": "has no arXiv id"
            case "version": "lists a version no paper has (below v1, or twice)"
            case let part: "has no \(part)"
            }
        return
            "skipped page \(record.page), record \(record.record) (line \(record.line)\(which)): it \(what); the rest of the list was stored, and the record waits for the repository to correct it"
    }

    /// A running harvest's progress line.
    static func harvestProgress(_ data: HarvestProgressViewData) -> String {
        var parts = [plural(data.pages, "page"), plural(data.records, "record")]
        if let rate = data.recordsPerSecond {
            let shown = rate >= 10 ? DisplayFormat.grouped(Int(rate)) : String(format: "%.1f", rate)
            parts.append("\(shown) records/s")
        }
        if let day = data.datestamp { parts.append("at \(day)") }
        return parts.joined(separator: " · ")
    }

    /// `n noun` with an s when n is not 1.
    static func plural(_ value: Int, _ noun: String) -> String {
        "\(DisplayFormat.grouped(value)) \(noun)\(value == 1 ? "" : "s")"
    }

    private static func counts(added: Int, updated: Int, unchanged: Int) -> String {
        "\(DisplayFormat.grouped(added)) added, \(DisplayFormat.grouped(updated)) updated, \(DisplayFormat.grouped(unchanged)) unchanged"
    }
}
