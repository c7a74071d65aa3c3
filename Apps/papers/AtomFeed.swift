import Foundation
import PapersPresenter

/// A digest as an Atom 1.0 feed (RFC 4287): a feed reader subscribed to the file sees each
/// digest's papers as entries, with the abstract page and the PDF as links.
enum AtomFeed {
    /// The feed's id: the same for every digest of every library, as RFC 4287 wants of one feed.
    static let feedID = "tag:strata.invalid,2026:papers/digest"

    static func digest(_ data: DigestViewData) -> String {
        let updated = timestamp(data.asOf ?? Date(timeIntervalSince1970: 0))
        var lines = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<feed xmlns="http://www.w3.org/2005/Atom">"#,
            "  <id>\(feedID)</id>",
            "  <title>\(escape("arXiv digest " + DigestViews.period(data)))</title>",
            "  <subtitle>\(escape(DigestViews.summary(data)))</subtitle>",
            "  <updated>\(updated)</updated>",
            "  <author><name>papers digest</name></author>",
            "  <generator>strata papers</generator>",
        ]
        let groups =
            data.sections.flatMap { section in section.entries.map { (section.name, $0) } }
            + data.favourites.map { ("favourites", $0) }
        for (watch, entry) in groups {
            lines += [
                "  <entry>",
                "    <id>\(escape(entry.abstractURL))</id>",
                "    <title>\(escape(entry.title))</title>",
                "    <published>\(timestamp(entry.published))</published>",
                "    <updated>\(timestamp(entry.updated))</updated>",
            ]
            lines += entry.authors.map { "    <author><name>\(escape($0))</name></author>" }
            lines += [
                #"    <link rel="alternate" type="text/html" href="\#(escape(entry.abstractURL))"/>"#,
                #"    <link rel="related" type="application/pdf" title="pdf" href="\#(escape(entry.pdfURL))"/>"#,
                #"    <category term="\#(escape(entry.category))" scheme="http://arxiv.org/schemas/atom"/>"#,
                #"    <category term="\#(escape(watch))" label="watch"/>"#,
            ]
            let notes = DigestViews.notes(entry)
            let note = notes.isEmpty ? "" : "[" + notes.joined(separator: "; ") + "] "
            lines.append("    <summary type=\"text\">\(escape(note + entry.summary))</summary>")
            lines.append("  </entry>")
        }
        lines.append("</feed>")
        return lines.joined(separator: "\n")
    }

    /// RFC 3339 in UTC, as Atom's date constructs want.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC") ?? .gmt))
    }

    /// Text as XML character data or an attribute value: the five specials escaped, and the
    /// control characters XML 1.0 does not allow left out.
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}
