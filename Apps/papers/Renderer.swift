import Core
import Foundation
import PapersPresenter
import TerminalUI

/// Prints view data as a table, JSON or plain lines; never decides anything about papers.
struct Renderer {
    let format: OutputFormat
    let terminal: TerminalEnvironment
    var style: Style { Style(terminal) }

    /// A progress bar for paging, on stderr and only on a terminal.
    func progressBar(_ label: String) -> ProgressBar { ProgressBar(label: label, environment: terminal) }

    func list(_ data: PaperListViewData) throws {
        switch format {
        case .json: print(try JSONOutput.string(data))
        case .plain:
            for row in data.rows {
                print([row.shortID, row.date, row.category, row.authors, row.title].joined(separator: "\t"))
            }
        case .table:
            guard !data.rows.isEmpty else {
                print(data.emptyMessage)
                return
            }
            print(style.dim(data.heading))
            var table = Table(columns: [.init(""), .init("ID"), .init("DATE"), .init("AUTHORS"), .init("CATEGORY"), .init("TITLE")])
            for row in data.rows {
                table.append([style.yellow(row.mark), style.cyan(row.shortID), row.date, row.authors, row.category, row.isRecent ? style.bold(row.displayTitle) : row.displayTitle])
            }
            print(table.render(style: style))
            if let note = data.savedNote { print(style.dim(note)) }
        }
    }

    func detail(_ data: PaperDetailViewData) throws {
        switch format {
        case .json: print(try JSONOutput.string(data))
        case .plain, .table:
            if let notice = data.notice { print(format == .table ? style.green(notice) : notice) }
            let width = (data.fields.map(\.label.count).max() ?? 0) + 1
            for field in data.fields {
                let label = DisplayWidth.pad(field.label + ":", to: width)
                print("\(format == .table ? style.bold(label) : label) \(field.value)")
            }
            print("")
            print(wrap(data.summary, width: max(40, terminal.columns)))
        }
    }

    func stats(_ data: LibraryStatsViewData) throws {
        switch format {
        case .json: print(try JSONOutput.string(data))
        case .plain:
            for field in data.fields { print("\(field.label)\t\(field.value)") }
            for category in data.categories { print("category\t\(category.category)\t\(category.count)") }
        case .table:
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
        case .json: print(try JSONOutput.string(data))
        case .plain, .table: print(data.message)
        }
    }

    func bibTeX(_ data: BibTeXViewData) throws {
        switch format {
        case .json: print(try JSONOutput.string(data.entries))
        case .plain, .table: print(data.text)
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
