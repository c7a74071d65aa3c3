import Foundation
import PapersEntity

/// One line of the metadata snapshot, read field by field from its bytes.
///
/// A reader of its own rather than `JSONDecoder`: the decoder spends about 55 µs on a record
/// (3 minutes of a 3-million-paper import, on the core that also parses), most of it building
/// containers for fields the library does not keep. This one walks the bytes once, makes strings
/// only of the fields it keeps, and skips the others; it is still a strict JSON reader, so a
/// damaged line is refused, never half read.
struct SnapshotRecord {
    struct Version {
        var label = ""
        var created = ""
    }

    var id: String?
    var authors: String?
    var title: String?
    var comments: String?
    var journalRef: String?
    var doi: String?
    var categories: String?
    var license: String?
    var abstract: String?
    var versions: [Version]?
    var updateDate: String?
    var authorsParsed: [[String]]?

    /// Reads a line.
    ///
    /// - Throws: `SnapshotLineProblem`: `.notJSON` for anything that is not one JSON object,
    ///   `.wrongType` for a kept field of another type, `.missingField` for a field every record has.
    init(_ line: UnsafeBufferPointer<UInt8>) throws(SnapshotLineProblem) {
        var reader = JSONBytes(line)
        try reader.expect(UInt8(ascii: "{"))
        if !reader.consume(UInt8(ascii: "}")) {
            repeat {
                let key = try reader.string()
                try reader.expect(UInt8(ascii: ":"))
                try read(key, &reader)
            } while reader.consume(UInt8(ascii: ","))
            try reader.expect(UInt8(ascii: "}"))
        }
        try reader.end()
        for (name, value) in [
            ("id", id), ("authors", authors), ("title", title), ("categories", categories), ("abstract", abstract),
        ] where value == nil {
            throw .missingField(name)
        }
        if versions == nil { throw .missingField("versions") }
    }

    private mutating func read(_ key: String, _ reader: inout JSONBytes) throws(SnapshotLineProblem) {
        func text() throws(SnapshotLineProblem) -> String? {
            switch try reader.stringOrNull() {
            case .some(let value): return value
            case .none: return nil
            }
        }
        do {
            switch key {
            case "id": id = try text()
            case "authors": authors = try text()
            case "title": title = try text()
            case "comments": comments = try text()
            case "journal-ref": journalRef = try text()
            case "doi": doi = try text()
            case "categories": categories = try text()
            case "license": license = try text()
            case "abstract": abstract = try text()
            case "update_date": updateDate = try text()
            case "versions":
                versions = try reader.array { (reader) throws(SnapshotLineProblem) in try Self.version(&reader) }
            case "authors_parsed":
                authorsParsed = try reader.array { (reader) throws(SnapshotLineProblem) in
                    try reader.array { (reader) throws(SnapshotLineProblem) in try reader.stringOrNull() ?? "" } ?? []
                }
            default: try reader.skipValue()
            }
        } catch .wrongType("") {
            throw .wrongType(key)
        }
    }

    private static func version(_ reader: inout JSONBytes) throws(SnapshotLineProblem) -> Version {
        var version = Version()
        try reader.expect(UInt8(ascii: "{"))
        if !reader.consume(UInt8(ascii: "}")) {
            repeat {
                let key = try reader.string()
                try reader.expect(UInt8(ascii: ":"))
                switch key {
                case "version": version.label = try reader.stringOrNull() ?? ""
                case "created": version.created = try reader.stringOrNull() ?? ""
                default: try reader.skipValue()
                }
            } while reader.consume(UInt8(ascii: ","))
            try reader.expect(UInt8(ascii: "}"))
        }
        return version
    }
}
