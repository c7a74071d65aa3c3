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
        try AtomReader.parse(data, source: source, chunkSize: chunkSize, onItem: onEntry).header
    }

    /// Reads a feed file in chunks, never holding the whole file, handing its papers to
    /// `onPapers` a chunk's worth at a time, in the file's order.
    ///
    /// - Throws: `PapersError.fileNotFound`, `.folderNotFile`, `.fileNotReadable`, `.badFeed`,
    ///   `.apiError`, or what `onPapers` throws.
    @discardableResult
    public func read(fileAt url: URL, onPapers: ([Paper]) async throws -> Void) async throws -> FeedHeader {
        try await AtomReader.read(fileAt: url, chunkSize: chunkSize, onItems: onPapers).header
    }

    /// Reads an open file from where it stands.
    @discardableResult
    func read(_ file: FeedFile, onPapers: ([Paper]) async throws -> Void) async throws -> FeedHeader {
        try await AtomReader.read(file, chunkSize: chunkSize, onItems: onPapers).header
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
