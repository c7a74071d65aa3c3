import Core
import Foundation
import PapersEntity

/// A paper's authors as stored: a JSON array of objects, readable by SQLite's JSON functions
/// and by a person with `sqlite3`.
///
/// `[{"name":"Ada Lovelace","keyname":"Lovelace","forenames":"Ada","affiliations":["…"]}]`;
/// a part the source did not give is left out. Written by hand, as JSON of these few shapes is
/// simple to write and an import writes 50,000 papers a second; read with `JSONBytes`, the
/// snapshot's strict reader, so a damaged list is refused whole, never read in part.
enum StoredAuthors {
    static func encode(_ authors: [Author]) -> String {
        var json = JSONText()
        json.array(authors) { json, author in
            json.object { json in
                json.string("name", author.name)
                json.string("keyname", author.keyname)
                json.string("forenames", author.forenames)
                json.string("suffix", author.suffix)
                if !author.affiliations.isEmpty { json.strings("affiliations", author.affiliations) }
            }
        }
        return json.text
    }

    /// - Throws: `UnreadableList` for anything but an array of author objects, each with a name.
    static func decode(_ text: String) throws(UnreadableList) -> [Author] {
        try UnreadableList.reading(text, .authors) { reader throws(SnapshotLineProblem) in
            try reader.array { reader throws(SnapshotLineProblem) in
                var author = Author(name: "", affiliations: [])
                var named = false
                try reader.object { key, reader throws(SnapshotLineProblem) in
                    switch key {
                    case "name":
                        author.name = try reader.string()
                        named = true
                    case "keyname": author.keyname = try reader.string()
                    case "forenames": author.forenames = try reader.string()
                    case "suffix": author.suffix = try reader.string()
                    case "affiliations":
                        author.affiliations = try reader.array { r throws(SnapshotLineProblem) in try r.string() } ?? []
                    default: try reader.skipValue()
                    }
                }
                guard named else { throw .missingField("name") }
                return author
            } ?? []
        }
    }
}

/// A paper's versions as stored: `[{"number":1,"submitted":1704067200000,"size":"12kb"}]`,
/// the date in milliseconds since 1970 like every stored time, the size left out when unknown.
enum StoredVersions {
    static func encode(_ versions: [PaperVersion]) -> String {
        var json = JSONText()
        json.array(versions) { json, version in
            json.object { json in
                json.integer("number", Int64(version.number))
                json.integer("submitted", version.submitted.millisecondsSince1970)
                json.string("size", version.size)
            }
        }
        return json.text
    }

    /// - Throws: `UnreadableList` for anything but an array of version objects with a number from 1 and a date.
    static func decode(_ text: String) throws(UnreadableList) -> [PaperVersion] {
        try UnreadableList.reading(text, .versions) { reader throws(SnapshotLineProblem) in
            try reader.array { reader throws(SnapshotLineProblem) in
                var number: Int64?
                var submitted: Int64?
                var size: String?
                try reader.object { key, reader throws(SnapshotLineProblem) in
                    switch key {
                    case "number": number = try reader.integer()
                    case "submitted": submitted = try reader.integer()
                    case "size": size = try reader.string()
                    default: try reader.skipValue()
                    }
                }
                guard let number, number >= 1, number <= Int64(Int32.max) else { throw .missingField("number") }
                guard let submitted else { throw .missingField("submitted") }
                return PaperVersion(
                    number: Int(number), submitted: Date(millisecondsSince1970: submitted), size: size)
            } ?? []
        }
    }
}

/// A stored list that is not what the library writes: damage, reported by `papers doctor`.
struct UnreadableList: Error {
    enum Kind: String { case authors, versions }

    let kind: Kind

    /// Runs `read` over `text`'s bytes, which must hold one JSON value and nothing after it.
    static func reading<T>(
        _ text: String, _ kind: Kind, _ read: (inout JSONBytes) throws(SnapshotLineProblem) -> T
    ) throws(UnreadableList) -> T {
        var copy = text
        let result = copy.withUTF8 { bytes -> Result<T, SnapshotLineProblem> in
            var reader = JSONBytes(bytes)
            do throws(SnapshotLineProblem) {
                let value = try read(&reader)
                try reader.end()
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        guard case .success(let value) = result else { throw UnreadableList(kind: kind) }
        return value
    }
}

/// JSON text written by hand, for the few shapes the library stores, into one growing string.
struct JSONText {
    private(set) var text = ""
    /// Whether the object or array being written has no member yet (no comma before the next).
    private var isFirst = true

    init() { text.reserveCapacity(256) }

    mutating func array<Element>(_ elements: [Element], _ write: (inout JSONText, Element) -> Void) {
        text.append("[")
        var first = true
        for element in elements {
            if !first { text.append(",") }
            first = false
            write(&self, element)
        }
        text.append("]")
    }

    /// A string value.
    mutating func string(_ value: String) { Self.quote(value, into: &text) }

    /// JSON written elsewhere, as it is.
    mutating func raw(_ json: Substring) { text.append(contentsOf: json) }

    /// An object whose members `write` adds with `string`, `strings` and `integer` (keyed).
    mutating func object(_ write: (inout JSONText) -> Void) {
        text.append("{")
        isFirst = true
        write(&self)
        text.append("}")
    }

    /// A member holding a string; nothing when `value` is nil.
    mutating func string(_ key: String, _ value: String?) {
        guard let value else { return }
        member(key)
        Self.quote(value, into: &text)
    }

    /// A member holding an array of strings.
    mutating func strings(_ key: String, _ values: [String]) {
        member(key)
        text.append("[")
        for (index, value) in values.enumerated() {
            if index > 0 { text.append(",") }
            Self.quote(value, into: &text)
        }
        text.append("]")
    }

    /// A member holding a whole number.
    mutating func integer(_ key: String, _ value: Int64) {
        member(key)
        text.append(String(value))
    }

    private mutating func member(_ key: String) {
        if !isFirst { text.append(",") }
        isFirst = false
        text.append("\"")
        text.append(key)
        text.append("\":")
    }

    /// `value` as a JSON string: quotes, backslashes and control characters escaped.
    static func quote(_ value: String, into text: inout String) {
        text.append("\"")
        var plainFrom = value.utf8.startIndex
        for index in value.utf8.indices {
            let byte = value.utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            text.append(contentsOf: value[plainFrom..<index])
            switch byte {
            case UInt8(ascii: "\""): text.append("\\\"")
            case UInt8(ascii: "\\"): text.append("\\\\")
            case 0x0A: text.append("\\n")
            case 0x09: text.append("\\t")
            default: text.append("\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16))
            }
            plainFrom = value.utf8.index(after: index)
        }
        text.append(contentsOf: value[plainFrom...])
        text.append("\"")
    }
}
