import Foundation

extension Paper {
    /// How long a paper counts as recent, as in the seed app: seven days.
    public static let recentInterval: TimeInterval = 7 * 24 * 3600

    /// Whether version 1 was submitted within the last seven days before `now`.
    public func isRecentlyPublished(now: Date) -> Bool {
        now.timeIntervalSince(published) < Paper.recentInterval
    }

    /// The id with its version, as people cite it: `2401.12345v2`.
    public var shortID: String { "\(id)v\(version)" }

    /// The first author's name, with `et al.` when there are more.
    public var authorSummary: String {
        guard let first = authors.first?.name else { return "" }
        return authors.count > 1 ? "\(first) et al." : first
    }

    /// Whether this record is newer than `other` for the same paper: a higher version, or the same one updated later.
    public func supersedes(_ other: Paper) -> Bool {
        version != other.version ? version > other.version : updated >= other.updated
    }

    /// A BibTeX entry in the form arXiv's own export uses (`@misc` with `eprint` and `archivePrefix`).
    public var bibTeX: String {
        // Free text is LaTeX-escaped; the title is brace-protected once more, so a style that
        // sentence-cases titles keeps arXiv's capitals (GPU, Bayesian). Ids and links are read
        // verbatim, so they are only kept from closing the field (`BibTeX.verbatim`): whatever
        // a feed holds, every field stays inside its braces and the entry keeps all of them.
        var fields: [(String, String)] = [
            ("title", "{\(BibTeX.latex(title))}"),
            ("author", authors.map { BibTeX.authorName($0.name) }.joined(separator: " and ")),
            ("year", String(Calendar.utc.component(.year, from: published))),
            ("eprint", BibTeX.verbatim(id)),
            ("archivePrefix", "arXiv"),
            ("primaryClass", BibTeX.verbatim(primaryCategory)),
        ]
        // The journal's DOI when there is one, else the one arXiv registers at DataCite for every paper.
        fields.append(("doi", BibTeX.verbatim(doi ?? dataCiteDOI)))
        if let journalRef { fields.append(("note", BibTeX.latex(journalRef))) }
        fields.append(("url", BibTeX.verbatim("https://arxiv.org/abs/\(id)")))
        let body = fields.map { "  \($0.0) = {\($0.1)}" }.joined(separator: ",\n")
        return "@misc{\(citationKey),\n\(body)\n}"
    }

    /// The DOI arXiv registers at DataCite for every paper: `10.48550/arXiv.2401.12345`, `10.48550/arXiv.hep-th/9901002`.
    public var dataCiteDOI: String { "10.48550/arXiv.\(id)" }

    /// A citation key from the first author's last name, the year and the first long word of the title: `delmaestro2012luttinger`.
    public var citationKey: String {
        let year = Calendar.utc.component(.year, from: published)
        let name = BibTeX.keyPart(authors.first?.lastName ?? "arxiv")
        let word =
            title.split(whereSeparator: { !$0.isLetter }).first { $0.count > 3 }.map { BibTeX.keyPart(String($0)) }
            ?? ""
        return "\(name.isEmpty ? "arxiv" : name)\(year)\(word)"
    }
}

extension Calendar {
    /// The Gregorian calendar in UTC: arXiv's dates are UTC.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone.current
        return calendar
    }()
}
