import Core
import PapersPresenter

/// The lines `papers` writes above and below its lists and after an import: the app's words
/// for what the view data counts.
enum Headings {
    /// `20 of 214,881 results for all:testing`, or `3 papers for favourites`.
    static func list(_ data: PaperListViewData) -> String {
        if let total = data.totalResults, total > data.rows.count {
            return
                "\(DisplayFormat.grouped(data.rows.count)) of \(DisplayFormat.grouped(total)) results for \(data.description)"
        }
        return "\(plural(data.rows.count, "paper")) for \(data.description)"
    }

    /// `library: 3 added, 0 updated, 0 unchanged`, for a fetched list.
    static func saved(_ data: PaperListViewData) -> String? {
        data.saved.map { "library: \(counts(added: $0.added, updated: $0.updated, unchanged: $0.unchanged))" }
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

    /// `n noun` with an s when n is not 1.
    static func plural(_ value: Int, _ noun: String) -> String {
        "\(DisplayFormat.grouped(value)) \(noun)\(value == 1 ? "" : "s")"
    }

    private static func counts(added: Int, updated: Int, unchanged: Int) -> String {
        "\(DisplayFormat.grouped(added)) added, \(DisplayFormat.grouped(updated)) updated, \(DisplayFormat.grouped(unchanged)) unchanged"
    }
}
