import Core
import Foundation
import PapersEntity

/// Reads arXiv's metadata snapshot: JSON lines, one record a line, plain or gzip-compressed.
///
/// The fields are the snapshot's own (`id`, `submitter`, `authors`, `title`, `comments`,
/// `journal-ref`, `doi`, `report-no`, `categories`, `license`, `abstract`, `versions`,
/// `update_date`, `authors_parsed`). Authors come from `authors_parsed` (keyname, forenames,
/// suffix), falling back to the `authors` line; versions carry their dates (the snapshot has no sizes).
/// A line that is not such a record stops the read with its line number, so an import keeps nothing.
public struct SnapshotParser: Sendable {
    /// How many bytes are read at a time.
    public let chunkSize: Int

    public init(chunkSize: Int = 1 << 20) {
        self.chunkSize = max(1, chunkSize)
    }

    /// Reads the file at `url`, handing its papers to `onPapers` a chunk's worth at a time, in the file's order.
    ///
    /// - Returns: how many records were read.
    /// - Throws: `PapersError.badFeed` (`.badSnapshotLine`, `.damagedCompression`), the file's errors, or what `onPapers` throws.
    @discardableResult
    public func read(fileAt url: URL, onPapers: ([Paper]) async throws -> Void) async throws -> Int {
        try await read(FeedFile(url, chunkSize: chunkSize), onPapers: onPapers)
    }

    /// Reads an open file from where it stands (a peeked chunk is read again).
    @discardableResult
    func read(_ file: FeedFile, onPapers: ([Paper]) async throws -> Void) async throws -> Int {
        var carried: [UInt8] = []
        var line = 0
        var records = 0
        while true {
            let chunk = try file.read()
            let atEnd = chunk.isEmpty
            var buffer = carried
            buffer.append(contentsOf: chunk)
            if atEnd, !buffer.isEmpty, buffer.last != 0x0A { buffer.append(0x0A) }
            // Lines are found and read on the bytes themselves: indexing `Data` byte by byte
            // costs an exclusivity check per byte.
            let (papers, rest) = try buffer.withUnsafeBufferPointer { bytes in
                var papers: [Paper] = []
                var start = 0
                while let newline = bytes[start...].firstIndex(of: 0x0A) {
                    line += 1
                    let text = UnsafeBufferPointer(rebasing: bytes[start..<newline])
                    start = newline + 1
                    guard text.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) else { continue }
                    papers.append(try Self.paper(text, line: line, source: file.path))
                }
                return (papers, start)
            }
            carried = Array(buffer[rest...])
            records += papers.count
            if !papers.isEmpty { try await onPapers(papers) }
            if atEnd { return records }
        }
    }

    /// One line as a paper.
    static func paper(_ text: UnsafeBufferPointer<UInt8>, line: Int, source: String) throws -> Paper {
        func bad(_ problem: SnapshotLineProblem) -> PapersError {
            .badFeed(source: source, problem: .badSnapshotLine(line: line, problem: problem))
        }
        let record: SnapshotRecord
        do { record = try SnapshotRecord(text) } catch { throw bad(error) }
        // The initializer checked these are there.
        let (idText, title, abstract, categoryList) = (
            record.id ?? "", record.title ?? "", record.abstract ?? "", record.categories ?? ""
        )
        guard let id = ArxivID(parsing: idText) else { throw bad(.notAnArxivID(idText)) }
        var versions: [PaperVersion] = []
        var numbers = Set<Int>()
        for version in record.versions ?? [] {
            // Versions count from 1; a day the calendar lacks (30 Feb, day 0) has no date.
            guard version.label.first == "v", let number = Int(version.label.dropFirst()), number >= 1,
                let date = OAIDate.rfc1123(Array(version.created.utf8))
            else { throw bad(.unreadableVersion(version.label)) }
            guard numbers.insert(number).inserted else { throw bad(.repeatedVersion(version.label)) }
            versions.append(PaperVersion(number: number, submitted: date))
        }
        versions.sort { $0.number < $1.number }
        guard let published = versions.first?.submitted else { throw bad(.noVersions) }
        let authors =
            record.authorsParsed?.compactMap { parts -> Author? in
                guard let keyname = parts.first, !keyname.isEmpty else { return nil }
                let rest = parts.dropFirst().map { $0.isEmpty ? nil : $0 }
                return Author(keyname: keyname, forenames: rest.first ?? nil, suffix: rest.dropFirst().first ?? nil)
            } ?? AuthorList.split(record.authors ?? "")
        guard !authors.isEmpty else { throw bad(.noAuthors) }
        let categories = categoryList.split(separator: " ").map(String.init)
        let updated =
            [versions.last?.submitted, record.updateDate.flatMap(OAIDate.day)].compactMap { $0 }.max() ?? published
        return Paper(
            id: id.base, version: versions.last?.number ?? 1, title: title, summary: abstract,
            authors: authors, published: published, updated: updated, primaryCategory: categories.first ?? "",
            categories: categories, comment: record.comments, journalRef: record.journalRef, doi: record.doi,
            versions: versions, license: record.license)
    }
}
