import Core
import Foundation
import PapersEntity

/// The fields of one OAI-PMH `<record>` as the reader finds them, turned into an `OAIRecord` at `</record>`.
struct RecordBuilder {
    /// The metadata formats a record may come in.
    enum Format: Equatable {
        /// Every version with its date and size; authors as one line of text.
        case arXivRaw
        /// Authors split into keyname, forenames and suffix; no versions.
        case arXiv
        /// Any other format (`oai_dc`), which papers cannot read; its namespace.
        case other(String?)
    }

    var identifier: String?
    var datestamp: Date?
    var deleted = false
    var inMetadata = false
    var format: Format?
    var id: String?
    var title = ""
    var summary = ""
    /// arXivRaw's authors, as one line.
    var authorList: String?
    /// The arXiv format's authors, split.
    var authors: [Author] = []
    var versions: [(label: String, number: Int, date: Date?, size: String?)] = []
    var created: Date?
    var updated: Date?
    var categories: [String] = []
    var comment: String?
    var journalRef: String?
    var doi: String?
    var license: String?
    /// The line the record's `<record>` tag is on, for errors.
    var line = 0

    /// Sets a part of the arXiv format's current author, and its display name from the parts so far.
    mutating func setAuthorPart(_ part: WritableKeyPath<Author, String?>, _ value: String) {
        guard !authors.isEmpty else { return }
        var author = authors[authors.count - 1]
        author[keyPath: part] = value
        author = Author(keyname: author.keyname ?? "", forenames: author.forenames, suffix: author.suffix)
        author.affiliations = authors[authors.count - 1].affiliations
        authors[authors.count - 1] = author
    }

    /// The record, or `.badFeed` for one without an id, a title, an author or a date, or in a format papers cannot read.
    func record(source: String, index: Int) throws -> OAIRecord {
        if deleted {
            let id = identifier.map { String($0.drop { $0 != ":" }.dropFirst().drop { $0 != ":" }.dropFirst()) }
            return .deleted(id: id.flatMap { ArxivID(parsing: $0)?.base } ?? id ?? "", datestamp: datestamp)
        }
        func incomplete(_ part: EntryPart, _ id: String) -> PapersError {
            .badFeed(source: source, problem: .incompleteEntry(entry: index, line: line, missing: part, id: id))
        }
        switch format {
        case .arXivRaw, .arXiv: break
        case .other(let namespace):
            throw PapersError.badFeed(
                source: source, problem: .unsupportedMetadata(record: index, line: line, namespace: namespace))
        case nil: throw incomplete(.id, identifier ?? "")
        }
        guard let id, let arxivID = ArxivID(parsing: id) else { throw incomplete(.id, id ?? identifier ?? "") }
        guard title.contains(where: { !$0.isWhitespace }) else { throw incomplete(.title, arxivID.description) }
        let authors = (authorList.map(AuthorList.split) ?? self.authors).filter { !$0.name.isEmpty }
        guard !authors.isEmpty else { throw incomplete(.author, arxivID.description) }
        // A version below 1 (`v-3`, or a number too long to read, kept as 0) or listed twice is
        // damage `papers doctor` would report: refused here, never stored.
        var numbers = Set<Int>()
        if let wrong = versions.first(where: { $0.number < 1 || !numbers.insert($0.number).inserted }) {
            throw PapersError.badFeed(
                source: source,
                problem: .invalidVersion(entry: index, line: line, id: arxivID.description, version: wrong.label)
            )
        }
        let versions = versions.compactMap { version in
            version.date.map { PaperVersion(number: version.number, submitted: $0, size: version.size) }
        }
        .sorted { $0.number < $1.number }
        guard let published = versions.first?.submitted ?? created ?? datestamp else {
            throw incomplete(.dates, arxivID.description)
        }
        // The record's last change: its newest version, or a later change of its metadata (a journal reference added).
        let updated = [versions.last?.submitted, self.updated, datestamp].compactMap { $0 }.max() ?? published
        return .paper(
            Paper(
                id: arxivID.base, version: versions.last?.number ?? arxivID.version ?? 1, title: title,
                summary: summary, authors: authors, published: published, updated: updated,
                primaryCategory: categories.first ?? "", categories: categories,
                comment: comment, journalRef: journalRef, doi: doi, versions: versions, license: license),
            datestamp: datestamp ?? updated)
    }
}

/// arXivRaw's one-line author lists: `A. One, B. Two and C. Three (Some University)`.
public enum AuthorList {
    /// The authors, split at top-level commas and "and"; a parenthesised group is the affiliation of the author before it.
    public static func split(_ text: String) -> [Author] {
        var authors: [Author] = []
        var current = ""
        var depth = 0
        var group = ""
        func flushName() {
            let name = Paper.collapsingWhitespace(current)
            if !name.isEmpty { authors.append(Author(name: name)) }
            current = ""
        }
        for character in text {
            switch character {
            case "(":
                if depth == 0 { flushName() } else { group.append(character) }
                depth += 1
            case ")" where depth > 0:
                depth -= 1
                if depth == 0 {
                    let affiliation = Paper.collapsingWhitespace(group)
                    if !affiliation.isEmpty, !authors.isEmpty {
                        authors[authors.count - 1].affiliations.append(affiliation)
                    }
                    group = ""
                } else {
                    group.append(character)
                }
            case "," where depth == 0: flushName()
            default:
                if depth > 0 { group.append(character) } else { current.append(character) }
            }
            if depth == 0, current.hasSuffix(" and ") {
                current.removeLast(5)
                flushName()
            }
        }
        flushName()
        // "A, B, and C": the last piece starts with "and ".
        return authors.map { author in
            guard author.name.hasPrefix("and ") else { return author }
            var author = author
            author.name = String(author.name.dropFirst(4))
            return author
        }
    }
}

/// The dates of OAI-PMH and its arXiv formats, from bytes.
enum OAIDate {
    /// A day, `2014-12-15`, at midnight UTC.
    static func day(_ bytes: [UInt8]) -> Date? {
        let digits = bytes.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
        guard digits.count >= 10 else { return nil }
        let text = String(decoding: digits.prefix(10), as: UTF8.self)
        return day(text)
    }

    /// A day, `2014-12-15`, at midnight UTC; nil unless the text is exactly such a day.
    static func day(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            AtomDate.isDay(year: year, month: month, day: day)
        else { return nil }
        return Date(timeIntervalSince1970: Double(AtomDate.daysFromCivil(year: year, month: month, day: day) * 86_400))
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// arXivRaw's version dates, RFC 1123: `Wed, 25 Jun 2008 15:29:38 GMT`.
    static func rfc1123(_ bytes: [UInt8]) -> Date? {
        let words = String(decoding: bytes, as: UTF8.self).split(separator: " ")
        guard words.count >= 5, let day = Int(words[1]), let month = months.firstIndex(of: String(words[2])),
            let year = Int(words[3])
        else { return nil }
        let time = words[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3, AtomDate.isDay(year: year, month: month + 1, day: day), (0..<24).contains(time[0]),
            (0..<60).contains(time[1]), (0..<61).contains(time[2])
        else { return nil }
        let days = AtomDate.daysFromCivil(year: year, month: month + 1, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + time[0] * 3600 + time[1] * 60 + time[2]))
    }
}
