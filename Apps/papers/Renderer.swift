import AppSupport
import Core
import Foundation
import PapersPresenter
import TerminalUI

/// Prints view data as a table, plain lines or JSON; the only place that lays papers out for a terminal.
struct Renderer {
    let format: OutputFormat
    let terminal: TerminalEnvironment
    var style: Style { Style(terminal) }

    /// The widest an author cell gets in a table.
    static let authorWidth = 24
    /// The narrowest a title gets when the table is fitted to the terminal.
    static let minimumTitleWidth = 20

    /// A progress bar for paging, on stderr and only on a terminal.
    func progressBar(_ label: String) -> ProgressBar { ProgressBar(label: label, environment: terminal) }

    /// Whether to fit tables to the terminal's width: only for a terminal, or when `COLUMNS` says how wide.
    var fitsToTerminal: Bool { terminal.fitWidth != nil }

    func list(_ data: PaperListViewData) throws {
        switch format {
        case .json: print(try JSONOutput.string(PaperListJSON(data, emptyMessage: emptyMessage(data.subject))))
        case .plain:
            for row in data.rows {
                // Plain is for scripts: every author, not the summary the table shows.
                print(
                    [row.shortID, row.date, row.category, row.allAuthors.joined(separator: ", "), row.title]
                        .joined(separator: "\t"))
            }
        case .text:
            guard !data.rows.isEmpty else {
                print(emptyMessage(data.subject))
                return
            }
            print(style.dim(Headings.list(data)))
            let authors = data.rows.map { DisplayWidth.truncate($0.authors, to: Self.authorWidth) }
            let titleWidth = fitsToTerminal ? titleWidth(data.rows, authors: authors) : nil
            var table = Table(columns: [
                .init(""), .init("ID"), .init("DATE"), .init("AUTHORS"), .init("CATEGORY"), .init("TITLE"),
            ])
            for (row, author) in zip(data.rows, authors) {
                let title = titleWidth.map { DisplayWidth.truncate(row.title, to: $0) } ?? row.title
                table.append([
                    style.yellow(row.isFavourite ? Self.favouriteMark : ""), style.cyan(row.shortID), row.date, author,
                    row.category,
                    row.isRecent ? style.bold(title) : title,
                ])
            }
            print(table.render(style: style))
            if let note = Headings.saved(data) { print(style.dim(note)) }
        }
    }

    /// The mark a favourite gets in lists and notices.
    static let favouriteMark = "★"

    /// The columns left for titles once the other columns and their gaps have theirs.
    private func titleWidth(_ rows: [PaperRowViewData], authors: [String]) -> Int {
        func widest(_ values: [String]) -> Int { values.map { DisplayWidth.of($0) }.max() ?? 0 }
        let fixed =
            DisplayWidth.of(Self.favouriteMark) + widest(rows.map(\.shortID)) + widest(rows.map(\.date))
            + widest(authors) + widest(rows.map(\.category)) + 5 * 2
        return max(Self.minimumTitleWidth, terminal.columns - fixed)
    }

    /// What an empty list says, by what it was a list of.
    func emptyMessage(_ subject: PaperListSubject) -> String {
        switch subject {
        case .arxivSearch(let query): "arXiv has no results for \(query); try other words or --field all"
        case .category(let category): "arXiv has no papers in \(category); check the category name"
        case .favourites: "no favourites yet; add one with `papers fav ID`"
        case .librarySearch(let text):
            "nothing in the library matches \(Quote.quoted(text)); fetch more with `papers search` or `papers import`"
        }
    }

    func detail(_ data: PaperDetailViewData) throws {
        switch format {
        case .json: print(try JSONOutput.string(PaperDetailJSON(data, notice: data.change.map { notice($0, data) })))
        case .plain, .text:
            if let change = data.change {
                print(format == .text ? style.green(notice(change, data)) : notice(change, data))
            }
            let width = (data.fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 1
            for field in data.fields {
                let label = DisplayWidth.pad(field.label + ":", to: width)
                print("\(format == .text ? style.bold(label) : label) \(field.value)")
            }
            print("")
            print(
                format == .text && fitsToTerminal ? wrap(data.summary, width: max(40, terminal.columns)) : data.summary)
        }
    }

    /// The line for what a favourite mark did.
    func notice(_ change: FavouriteNotice, _ data: PaperDetailViewData) -> String {
        switch change {
        case .added: "\(Self.favouriteMark) \(data.shortID) added to favourites"
        case .alreadyFavourite: "\(data.shortID) was already a favourite"
        case .removed: "\(data.shortID) removed from favourites"
        case .wasNotFavourite: "\(data.shortID) was not a favourite"
        }
    }

    func stats(_ data: LibraryStatsViewData) throws {
        switch format {
        case .json: print(try JSONOutput.string(data))
        case .plain:
            for field in data.fields { print("\(field.label)\t\(field.value)") }
            for category in data.categories { print("category\t\(category.category)\t\(category.count)") }
        case .text:
            var table = Table(columns: [.init("LIBRARY"), .init("")])
            for field in data.fields { table.append([field.label, field.value]) }
            print(table.render(style: style))
            if !data.categories.isEmpty {
                var categories = Table(columns: [.init("CATEGORY"), .init("PAPERS", alignment: .trailing)])
                for category in data.categories { categories.append([category.category, String(category.count)]) }
                print("")
                print(categories.render(style: style))
            }
        }
    }

    func importResult(_ data: ImportViewData) throws {
        switch format {
        case .json: print(try JSONOutput.string(ImportJSON(data)))
        case .plain, .text: print(Headings.importLine(data))
        }
    }

    func bibTeX(_ data: BibTeXViewData) throws {
        switch format {
        case .json: print(try JSONOutput.string(data.entries))
        case .plain, .text: print(data.text)
        }
    }

    /// Greedy word wrap at `width` columns.
    private func wrap(_ text: String, width: Int) -> String {
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
