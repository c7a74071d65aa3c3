import Database
import Foundation
import PapersEntity

/// The v5 migration: authors and versions from the control-character encodings of v1 to v4
/// to JSON (`StoredAuthors`, `StoredVersions`).
///
/// A version entry the old reader could not read was dropped on every read; here it is kept,
/// as a JSON string where an object belongs, so the list is refused when read and
/// `papers doctor` names the paper, instead of a version going missing without a word.
enum LegacyLists {
    static func convert(_ db: Database) throws {
        let update = try db.makeStatement(sql: "UPDATE papers SET authors = ?, versions = ? WHERE key = ?")
        let rows = try Row.fetchCursor(db, sql: "SELECT key, authors, versions FROM papers")
        var converted: [(Int64, String, String)] = []
        while let row = try rows.next() {
            let authors = StoredAuthors.encode(AuthorCoding.decode(row["authors"]))
            converted.append((row["key"], authors, versions(VersionCoding.decode(row["versions"]))))
        }
        for (key, authors, versions) in converted {
            try update.execute(arguments: [authors, versions, key])
        }
    }

    /// The JSON of `entries`: the versions read, and the unreadable ones as strings in their places.
    private static func versions(_ entries: [Result<PaperVersion, VersionCoding.Unread>]) -> String {
        var json = JSONText()
        json.array(entries) { json, entry in
            switch entry {
            case .success(let version): json.raw(StoredVersions.encode([version]).dropFirst().dropLast())
            case .failure(let unread): json.string(unread.text)
            }
        }
        return json.text
    }
}

/// Authors in one text column before v5: authors split by U+001E, a name and its affiliations by U+001F.
private enum AuthorCoding {
    static let authorSeparator: Character = "\u{1E}"
    static let fieldSeparator: Character = "\u{1F}"

    /// Between a name and its parts (keyname, forenames, suffix), when the source split it.
    static let partSeparator: Character = "\u{1D}"

    static func encode(_ authors: [Author]) -> String {
        authors.map { author in
            var name = author.name
            if let keyname = author.keyname {
                name += [keyname, author.forenames ?? "", author.suffix ?? ""].map { String(partSeparator) + $0 }
                    .joined()
            }
            return ([name] + author.affiliations).joined(separator: String(fieldSeparator))
        }
        .joined(separator: String(authorSeparator))
    }

    static func decode(_ text: String) -> [Author] {
        text.split(separator: authorSeparator).map { record in
            let fields = record.split(separator: fieldSeparator, omittingEmptySubsequences: false).map(String.init)
            let parts = (fields.first ?? "").split(separator: partSeparator, omittingEmptySubsequences: false)
            var author = Author(name: parts.first.map(String.init) ?? "", affiliations: Array(fields.dropFirst()))
            if parts.count == 4 {
                author.keyname = String(parts[1])
                author.forenames = parts[2].isEmpty ? nil : String(parts[2])
                author.suffix = parts[3].isEmpty ? nil : String(parts[3])
            }
            return author
        }
    }
}

/// Versions in one text column before v5: versions split by U+001E, a version's number, milliseconds and size by U+001F.
private enum VersionCoding {
    static func encode(_ versions: [PaperVersion]) -> String {
        versions.map { version in
            "\(version.number)\u{1F}\(version.submitted.millisecondsSince1970)\u{1F}\(version.size ?? "")"
        }
        .joined(separator: "\u{1E}")
    }

    /// Each entry as a version, or as its text when it cannot be read as one.
    static func decode(_ text: String) -> [Result<PaperVersion, Unread>] {
        text.split(separator: "\u{1E}").map { record in
            let fields = record.split(separator: "\u{1F}", omittingEmptySubsequences: false)
            guard fields.count == 3, let number = Int(fields[0]), let milliseconds = Int64(fields[1]) else {
                return .failure(Unread(text: String(record)))
            }
            return .success(
                PaperVersion(
                    number: number, submitted: Date(millisecondsSince1970: milliseconds),
                    size: fields[2].isEmpty ? nil : String(fields[2])))
        }
    }

    struct Unread: Error {
        let text: String
    }
}
