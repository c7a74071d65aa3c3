import AppSupport
import Core
import Foundation
import PapersEntity
import PapersPresenter
import TerminalUI

/// How each view data looks: tables for people, plain records for scripts, and JSON; the only
/// place that lays papers out for a terminal.
enum Views {
    /// The widest an author cell gets in a table.
    static let authorWidth = 24
    /// The narrowest a title gets when the table is fitted to the terminal.
    static let minimumTitleWidth = 20
    /// The mark a favourite gets in lists and notices.
    static let favouriteMark = "★"

    static func list(_ data: PaperListViewData) -> Rendering {
        Rendering(
            text: { terminal in
                guard !data.rows.isEmpty else { return emptyMessage(data.subject) }
                let style = Style(terminal)
                let typed = data.rows.contains { $0.announceType != nil }
                let scores = data.scores?.map { String(format: "%.2f", $0) }
                var table = Table(
                    columns: [.init(""), .init("ID")] + (typed ? [.init("TYPE")] : [])
                        + (scores == nil ? [] : [.init("SCORE")]) + [
                            .init("DATE"), .init("AUTHORS", maxWidth: authorWidth), .init("CATEGORY"),
                            .init("TITLE", flexible: true, minWidth: minimumTitleWidth),
                        ])
                for (index, row) in data.rows.enumerated() {
                    let type = (typed ? [row.announceType ?? ""] : []) + (scores.map { [$0[index]] } ?? [])
                    let note = row.snippet.map { snippet(Self.fitted($0, to: terminal.fitWidth.map { $0 - 2 }), style) }
                    table.append(
                        [
                            style.yellow(row.isFavourite ? favouriteMark : ""),
                            style.cyan(row.shortID)
                                + (row.markedVersion.map { style.yellow(" (marked v\($0))") } ?? ""),
                        ] + type + [
                            row.date, Quote.visible(row.authors), Quote.visible(row.category),
                            row.isRecent ? style.bold(Quote.visible(row.title)) : Quote.visible(row.title),
                        ], note: note)
                }
                let lines = [style.dim(Headings.list(data)), table.render(style: style, fitting: terminal.fitWidth)]
                return (lines + [Headings.saved(data).map(style.dim)].compactMap { $0 }).joined(separator: "\n")
            },
            // Plain is for scripts: every author, not the summary the table shows.
            plain: {
                data.rows.enumerated().map { index, row in
                    [row.shortID] + (row.announceType.map { [$0] } ?? [])
                        + (data.scores.map { [String(format: "%.4f", $0[index])] } ?? [])
                        + [row.date, row.category, row.allAuthors.joined(separator: ", "), row.title]
                }
            },
            json: { PaperListJSON(data, emptyMessage: emptyMessage(data.subject)) })
    }

    /// A snippet on one line, dimmed, its matched words bold instead.
    private static func snippet(_ runs: [TextRunViewData], _ style: Style) -> String {
        runs.map { run in
            let text = Quote.visible(run.text)
            return run.isMatch ? style.bold(text) : style.dim(text)
        }.joined()
    }

    /// The runs cut to `width` columns in all (whitespace collapsed), `…` where the cut is.
    static func fitted(_ runs: [TextRunViewData], to width: Int?) -> [TextRunViewData] {
        let runs = runs.map {
            TextRunViewData(
                text: $0.text.split(whereSeparator: \.isNewline).joined(separator: " "), isMatch: $0.isMatch)
        }
        guard let width else { return runs }
        var left = width
        var fitted: [TextRunViewData] = []
        for run in runs where left > 0 {
            let cut = DisplayWidth.truncate(run.text, to: left)
            fitted.append(TextRunViewData(text: cut, isMatch: run.isMatch))
            left -= DisplayWidth.of(cut)
            if cut != run.text { break }
        }
        return fitted
    }

    /// What an empty list says, by what it was a list of.
    static func emptyMessage(_ subject: PaperListSubject) -> String {
        switch subject {
        case .arxivSearch(let query): "arXiv has no results for \(query); try other words or --field all"
        case .category(let category): "arXiv has no papers in \(category); check the category name"
        case .favourites: "no favourites yet; add one with `papers fav ID`"
        case .announcements(let categories, 0, let day):
            "no announcements in \(categories)\(day.map { " on \($0)" } ?? ""): arXiv announces nothing on Saturdays, Sundays and holidays"
        case .announcements(let categories, let unfiltered, _):
            "none of the \(Headings.plural(unfiltered, "announcement")) in \(categories) is of the types asked for; leave out --type to see them all"
        case .newest: "the library is empty; fill it with `papers import FILE` or `papers search WORDS`"
        case .similar(let id):
            "nothing else in the library is like \(id); import or harvest more papers in its field"
        case .similarByMeaning(let id):
            "no other paper of the library has a vector to compare with \(id); `papers library embed` makes them"
        case .meaningSearch:
            "no paper of the library has a vector yet; `papers library embed` makes them"
        case .librarySearch(let text):
            "nothing in the library matches \(Quote.quoted(text)); fetch more with `papers search` or `papers import`"
        }
    }

    static func detail(_ data: PaperDetailViewData) -> Rendering {
        func lines(_ style: Style, width: Int?) -> [String] {
            let notice = data.change.map { style.green(self.notice($0, data)) }
            let labelWidth = (data.fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 1
            let fields = data.fields.map {
                "\(style.bold(DisplayWidth.pad($0.label + ":", to: labelWidth))) \($0.value)"
            }
            let versions = data.versions.map { version in
                "\(DisplayWidth.pad("", to: labelWidth)) v\(version.number)  \(version.date)"
                    + (version.size.map { "  \($0)" } ?? "")
            }
            let heading = versions.isEmpty ? [] : [style.bold("versions:")]
            let summary = width.map { wrap(data.summary, width: max(40, $0)) } ?? data.summary
            return [notice].compactMap { $0 } + fields + heading + versions + ["", summary]
        }
        return Rendering(
            text: { terminal in lines(Style(terminal), width: terminal.fitWidth).joined(separator: "\n") },
            plain: { lines(Style(enabled: false), width: nil).map { [$0] } },
            json: { PaperDetailJSON(data, notice: data.change.map { notice($0, data) }) })
    }

    /// The line for what a favourite mark did.
    static func notice(_ change: FavouriteNotice, _ data: PaperDetailViewData) -> String {
        switch change {
        case .added: "\(favouriteMark) \(data.shortID) added to favourites"
        case .alreadyFavourite: "\(data.shortID) was already a favourite"
        case .removed: "\(data.shortID) removed from favourites"
        case .wasNotFavourite: "\(data.shortID) was not a favourite"
        }
    }

    static func stats(_ data: LibraryStatsViewData) -> Rendering {
        Rendering(
            text: { terminal in
                let style = Style(terminal)
                var table = Table(columns: [.init("LIBRARY"), .init("")])
                for field in data.fields { table.append([field.label, field.value]) }
                guard !data.categories.isEmpty else { return table.render(style: style) }
                var categories = Table(columns: [.init("CATEGORY"), .init("PAPERS", alignment: .trailing)])
                for category in data.categories { categories.append([category.category, String(category.count)]) }
                return table.render(style: style) + "\n\n" + categories.render(style: style)
            },
            plain: {
                data.fields.map { [$0.label, $0.value] }
                    + data.categories.map { ["category", $0.category, String($0.count)] }
            },
            json: { data })
    }

    static func importResult(_ data: ImportViewData) -> Rendering {
        Rendering(
            text: { _ in Headings.importLine(data) }, plain: { [[Headings.importLine(data)]] },
            json: { ImportJSON(data) })
    }

    static func harvest(_ data: HarvestViewData) -> Rendering {
        Rendering(
            text: { _ in Headings.harvestLine(data) }, plain: { [[Headings.harvestLine(data)]] },
            json: { HarvestJSON(data) })
    }

    static func embed(_ data: EmbedViewData) -> Rendering {
        Rendering(text: { _ in Headings.embedLine(data) }, plain: { [[Headings.embedLine(data)]] }, json: { data })
    }

    static func bibTeX(_ data: BibTeXViewData) -> Rendering {
        Rendering(text: { _ in data.text }, plain: { [[data.text]] }, json: { data.entries })
    }

    /// The word for a problem `--fix` repaired (`found` and `left` are the others).
    private static let fixedState = "fixed"

    /// What `papers doctor` found: each problem with what became of it, then the verdict.
    static func health(_ data: LibraryHealthViewData) -> Rendering {
        func state(_ problem: LibraryProblem) -> String {
            guard data.fixAsked else { return "found" }
            return data.fixed.contains(problem) ? fixedState : "left"
        }
        return Rendering(
            text: { terminal in
                let style = Style(terminal)
                var lines = ["library: \(Headings.plural(data.papers, "paper"))"]
                for problem in data.problems {
                    let mark = state(problem)
                    guard mark != fixedState else {
                        lines.append("\(style.green(mark)): \(describe(problem))")
                        continue
                    }
                    let note = remedy(problem).map { " (fixable: \($0))" } ?? " (not fixable here)"
                    lines.append("\(style.red(mark)): \(describe(problem))\(note)")
                }
                if data.problems.isEmpty {
                    lines.append(style.green("no damage found"))
                } else if !data.fixAsked, data.remaining.contains(where: \.isFixable) {
                    lines.append("`papers doctor --fix` repairs what is marked fixable above")
                }
                return lines.joined(separator: "\n")
            },
            plain: { data.problems.map { [state($0), kind($0), describe($0)] } }, json: { data })
    }

    /// A problem in the doctor's words.
    static func describe(_ problem: LibraryProblem) -> String {
        switch problem {
        case .damagedFile(let messages):
            "the file is damaged (SQLite: \(Quote.text(messages.first ?? "", limit: 200)))"
        case .unindexedPapers(let count):
            "\(Headings.plural(count, "paper")) missing from the search index"
        case .staleIndexEntries(let count?):
            "the search index lists \(Headings.plural(count, "paper")) that are gone"
        case .staleIndexEntries(nil):
            "the search index holds text the papers no longer have"
        case .unfinishedIndexing: "a write stopped before indexing its papers"
        case .orphanedFavourites(let ids):
            "\(Headings.plural(ids.count, "favourite")) of papers the library no longer has: \(Quote.text(ids.joined(separator: ", "), limit: 200))"
        case .inconsistentVersions(let ids):
            "\(Headings.plural(ids.count, "paper")) listing a version twice or past their own: \(Quote.text(ids.joined(separator: ", "), limit: 200))"
        case .unreadableLists(let ids):
            "\(Headings.plural(ids.count, "paper")) whose stored authors or versions cannot be read: \(Quote.text(ids.joined(separator: ", "), limit: 200))"
        }
    }

    /// What `--fix` does about a problem; `nil` when it cannot repair it.
    static func remedy(_ problem: LibraryProblem) -> String? {
        switch problem {
        case .damagedFile: nil
        case .unindexedPapers, .staleIndexEntries, .unfinishedIndexing: "rebuild the index"
        case .orphanedFavourites: "drop them"
        case .inconsistentVersions: "keep each version once, none past the paper's"
        case .unreadableLists: "empty those lists; the paper's next search, import or harvest fills them"
        }
    }

    /// A problem's name for scripts.
    private static func kind(_ problem: LibraryProblem) -> String {
        switch problem {
        case .damagedFile: "damaged-file"
        case .unindexedPapers: "unindexed-papers"
        case .staleIndexEntries: "stale-index"
        case .unfinishedIndexing: "unfinished-indexing"
        case .orphanedFavourites: "orphaned-favourites"
        case .inconsistentVersions: "inconsistent-versions"
        case .unreadableLists: "unreadable-lists"
        }
    }

    /// Greedy word wrap at `width` columns.
    private static func wrap(_ text: String, width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, DisplayWidth.of(line) + 1 + DisplayWidth.of(word) > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }
}
