import CLibXML2
import Core
import Foundation
import PapersEntity

/// Reads arXiv's Atom feeds with libxml2's SAX2 push parser, one entry at a time.
///
/// Memory stays flat however long the feed is: input goes to libxml2 in chunks, nothing but the
/// current entry is kept, and each paper goes to `onEntry` as soon as its `</entry>` is read. Elements are told apart by
/// namespace URI and local name, never by prefix, and links by their `href` alone, because the
/// API has moved namespace declarations, dropped `rel`/`title`/`type` and switched http to https
/// over the years. An error feed (an entry titled `Error` by `arXiv api core`) throws
/// `PapersError.apiError` with the API's message; anything that is not a well-formed Atom feed
/// throws `PapersError.badFeed`.
public struct AtomFeedParser: Sendable {
    /// How many bytes of a file or body are handed to libxml2 at a time.
    public let chunkSize: Int

    /// Creates a parser that reads `chunkSize` bytes at a time (tests use tiny chunks to split every token).
    public init(chunkSize: Int = 256 << 10) {
        self.chunkSize = max(1, chunkSize)
    }

    /// Parses a feed held in memory (an HTTP body), handing each paper to `onEntry`.
    ///
    /// - Parameter source: names the input in error messages, such as the URL.
    @discardableResult
    public func parse(_ data: Data, source: String, onEntry: (Paper) throws -> Void) throws -> FeedHeader {
        if let problem = FeedSniffer.problem(head: data, isWhole: true) {
            throw PapersError.badFeed(source: source, problem: problem)
        }
        var atom = try AtomReader(source: source, head: data)
        return try data.withUnsafeBytes { raw in
            // Chunks, so libxml2 never holds a second copy of the whole body.
            var offset = AtomReader.headLength
            while offset < raw.count {
                let end = min(offset + chunkSize, raw.count)
                try atom.push(UnsafeRawBufferPointer(rebasing: raw[offset..<end]), onEntry: onEntry)
                offset = end
            }
            return try atom.finish(onEntry: onEntry)
        }
    }

    /// Reads a feed file in chunks, never holding the whole file, handing its papers to
    /// `onPapers` a chunk's worth at a time, in the file's order.
    ///
    /// - Throws: `PapersError.fileNotFound`, `.folderNotFile`, `.fileNotReadable`, `.badFeed`,
    ///   `.apiError`, or what `onPapers` throws.
    @discardableResult
    public func read(fileAt url: URL, onPapers: ([Paper]) async throws -> Void) async throws -> FeedHeader {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw PapersError.fileNotFound(path)
        }
        guard !isDirectory.boolValue else { throw PapersError.folderNotFile(path) }
        guard let file = FileHandle(forReadingAtPath: path) else {
            throw PapersError.fileNotReadable(path, reason: nil)
        }
        defer { try? file.close() }
        func read() throws -> Data {
            do { return try file.read(upToCount: chunkSize) ?? Data() } catch {
                throw PapersError.fileNotReadable(path, reason: error.localizedDescription)
            }
        }
        var chunk = try read()
        if let problem = FeedSniffer.problem(head: chunk, isWhole: chunk.count < chunkSize) {
            throw PapersError.badFeed(source: path, problem: problem)
        }
        var atom = try AtomReader(source: path, head: chunk)
        var offset = AtomReader.headLength
        var papers: [Paper] = []
        while !chunk.isEmpty {
            try chunk.withUnsafeBytes { raw in
                guard offset < raw.count else { return }
                try atom.push(UnsafeRawBufferPointer(rebasing: raw[offset...])) { papers.append($0) }
            }
            // Handed over between chunks, so the parser never waits inside libxml2's callbacks.
            if !papers.isEmpty {
                try await onPapers(papers)
                papers.removeAll(keepingCapacity: true)
            }
            chunk = try read()
            offset = 0
        }
        let header = try atom.finish { papers.append($0) }
        if !papers.isEmpty { try await onPapers(papers) }
        return header
    }

    /// Parses a feed held in memory into one page: its header and every paper.
    public func page(_ data: Data, source: String) throws -> FeedPage {
        var papers: [Paper] = []
        let header = try parse(data, source: source) { papers.append($0) }
        return FeedPage(header: header, papers: papers)
    }

    /// No network: no external DTDs or entities are ever fetched.
    ///
    /// Not `NOBLANKS`: it would reinstall libxml2's own tree-building whitespace handler.
    static let options = Int32(XML_PARSE_NONET.rawValue)
}
