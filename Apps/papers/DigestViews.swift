import AppSupport
import Core
import Foundation
import PapersPresenter
import TerminalUI

/// How the watches and the digest look: text for people, plain records, JSON, Markdown for a
/// note or an e-mail, and an Atom feed (RFC 4287) for a feed reader.
enum DigestViews {
    static func watches(_ data: WatchListViewData) -> Rendering {
        func notice() -> String? {
            switch data.change {
            case .added(let name): "watch \(Quote.quoted(name)) added; `papers digest` lists what is new for it"
            case .removed(let name): "watch \(Quote.quoted(name)) removed"
            case nil: nil
            }
        }
        return Rendering(
            text: { terminal in
                let style = Style(terminal)
                guard !data.watches.isEmpty else {
                    return [notice(), "no watches; add one with `papers watch add QUERY`"].compactMap { $0 }.joined(
                        separator: "\n")
                }
                var table = Table(columns: [
                    .init("NAME", maxWidth: 24), .init("CATEGORIES"), .init("QUERY", flexible: true, minWidth: 20),
                ])
                // Names and queries are stored text: shown, never sent to the terminal as escapes.
                for watch in data.watches {
                    table.append([
                        style.cyan(Quote.visible(watch.name)), Quote.visible(watch.categories.joined(separator: " ")),
                        Quote.visible(criterion(watch.query, threshold: watch.threshold)),
                    ])
                }
                return
                    ([notice().map(style.green)].compactMap { $0 } + [
                        table.render(style: style, fitting: terminal.fitWidth)
                    ])
                    .joined(separator: "\n")
            },
            plain: {
                data.watches.map {
                    [$0.name, $0.categories.joined(separator: " "), $0.query, $0.threshold.map { "\($0)" } ?? ""]
                }
            },
            json: { WatchListJSON(watches: data.watches, notice: notice()) })
    }

    /// The digest in `format`, without a final line break.
    static func digest(_ data: DigestViewData, as format: DigestFormat, terminal: TerminalEnvironment) throws -> String
    {
        switch format {
        case .text: text(data, terminal: terminal)
        case .plain: plain(data)
        case .json:
            try JSONOutput.string(DigestJSON(data: data, summary: summary(data), emptyMessage: emptyMessage(data)))
        case .markdown: markdown(data)
        case .atom: AtomFeed.digest(data)
        }
    }

    /// What a watch looks for: its query, or its description by meaning with the cosine it needs.
    static func criterion(_ query: String, threshold: Double?) -> String {
        guard let threshold else { return query }
        return "by meaning, cosine ≥ \(threshold): \(query)"
    }

    /// `since 2026-11-26 07:00 UTC`, or `of everything in the library` for a first digest.
    static func period(_ data: DigestViewData) -> String {
        data.since.map { "since \($0) UTC" } ?? "of everything in the library"
    }

    /// The heading line: what the digest covers and how much it lists.
    static func summary(_ data: DigestViewData) -> String {
        "digest \(period(data)): \(Headings.plural(data.count, "paper")) for \(DisplayFormat.grouped(data.sections.count)) watch\(data.sections.count == 1 ? "" : "es")"
            + " (\(Headings.plural(data.changed, "paper")) new or updated in the library"
            + (data.embedded > 0 ? "; \(DisplayFormat.grouped(data.embedded)) embedded for the meaning watches)" : ")")
    }

    /// What an empty digest says, by why it is empty; nil when it lists something.
    static func emptyMessage(_ data: DigestViewData) -> String? {
        guard data.count == 0 else { return nil }
        if data.asOf == nil {
            return "the library is empty; fill it with `papers new CATEGORY`, `papers import FILE` or `papers harvest`"
        }
        if data.sections.isEmpty { return "no watches, so nothing to digest; add one with `papers watch add QUERY`" }
        return "nothing new for your watches" + (data.since.map { " since \($0) UTC" } ?? " in the library")
    }

    /// The words for why a paper is listed, beside the watches it also matches.
    static func notes(_ entry: DigestEntryViewData) -> [String] {
        var notes: [String] = []
        if entry.reason == .newVersion { notes.append("new version v\(entry.version)") }
        if let marked = entry.markedVersion { notes.append("favourite, marked at v\(marked)") }
        if !entry.alsoMatches.isEmpty { notes.append("also matches \(entry.alsoMatches.joined(separator: ", "))") }
        return notes
    }

    static func groups(_ data: DigestViewData) -> [(
        name: String, query: String?, entries: [DigestEntryViewData]
    )] {
        data.sections.map { ($0.name, criterion($0.query, threshold: $0.threshold), $0.entries) }
            + (data.favourites.isEmpty ? [] : [("favourites with a new version", nil, data.favourites)])
    }

    private static func text(_ data: DigestViewData, terminal: TerminalEnvironment) -> String {
        let style = Style(terminal)
        var lines = [style.dim(summary(data))]
        if let empty = emptyMessage(data) { return (lines + [empty]).joined(separator: "\n") }
        for group in groups(data) where !group.entries.isEmpty {
            lines.append("")
            lines.append(
                style.bold(Quote.visible(group.name)) + (group.query.map { style.dim(" (\(Quote.visible($0)))") } ?? "")
                    + style.dim(
                        " · \(group.entries.count)"))
            var table = Table(columns: [
                .init(""), .init("ID"), .init("AUTHORS", maxWidth: Views.authorWidth), .init("CATEGORY"),
                .init("TITLE", flexible: true, minWidth: Views.minimumTitleWidth), .init("NOTE", maxWidth: 40),
            ])
            for entry in group.entries {
                table.append([
                    style.yellow(entry.isFavourite ? Views.favouriteMark : ""), style.cyan(entry.shortID),
                    Quote.visible(entry.authorSummary), Quote.visible(entry.category), Quote.visible(entry.title),
                    style.dim(Quote.visible(notes(entry).joined(separator: "; "))),
                ])
            }
            lines.append(table.render(style: style, fitting: terminal.fitWidth))
        }
        return lines.joined(separator: "\n")
    }

    private static func plain(_ data: DigestViewData) -> String {
        Rendering.plainRecords(
            groups(data).flatMap { group in
                group.entries.map { entry in
                    [
                        group.name, entry.shortID, entry.reason == .newVersion ? "new-version" : "new", entry.date,
                        entry.category, entry.authors.joined(separator: ", "), entry.title,
                        entry.alsoMatches.joined(separator: ","),
                    ]
                }
            })
    }

    private static func markdown(_ data: DigestViewData) -> String {
        var lines = [
            "# arXiv digest \(period(data))", "",
            summary(data).prefix(1).uppercased() + summary(data).dropFirst() + ".",
        ]
        if let empty = emptyMessage(data) {
            return (lines + ["", empty.prefix(1).uppercased() + empty.dropFirst() + "."]).joined(separator: "\n")
        }
        for group in groups(data) where !group.entries.isEmpty {
            lines.append("")
            lines.append(
                "## \(Markdown.escape(group.name))"
                    + (group.query.map { " — `\($0.replacingOccurrences(of: "`", with: "'"))`" } ?? ""))
            lines.append("")
            for entry in group.entries {
                let notes = notes(entry)
                lines.append(
                    "- [\(Markdown.escape(entry.title))](\(Markdown.destination(entry.abstractURL)))"
                        + " ([PDF](\(Markdown.destination(entry.pdfURL)))) — "
                        + Markdown.escape(entry.authors.joined(separator: ", "))
                        + " · \(entry.category) · \(entry.shortID)"
                        + (notes.isEmpty ? "" : " · " + Markdown.escape(notes.joined(separator: "; "))))
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Markdown's special characters escaped, so a title reads as text and a link as one link.
enum Markdown {
    /// A link's destination that ends where the link does: the characters that could close it
    /// or start another (`(`, `)`, `<`, `>`, `[`, `]`, `\`, spaces, backticks) percent-encoded.
    /// The URL itself has passed `PaperLink` (the view data holds no other).
    static func destination(_ url: String) -> String {
        var output = ""
        for scalar in url.unicodeScalars {
            if "()<>[]\\` \"".unicodeScalars.contains(scalar) || scalar.properties.generalCategory == .control {
                for byte in String(scalar).utf8 { output += String(format: "%%%02X", byte) }
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    static func escape(_ text: String) -> String {
        var output = ""
        for character in Quote.visible(text) {
            if "\\`*_{}[]()<>#+-.!|$~".contains(character) { output.append("\\") }
            output.append(character)
        }
        return output
    }
}

/// The watches as `--format json` prints them.
struct WatchListJSON: Encodable {
    let watches: [WatchViewData]
    let notice: String?
}

/// A digest as `--format json` prints it: the view data with its heading and empty message.
struct DigestJSON: Encodable {
    let data: DigestViewData
    let summary: String
    let emptyMessage: String?
}
