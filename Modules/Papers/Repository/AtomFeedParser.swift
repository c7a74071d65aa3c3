import CLibXML2
import Core
import Foundation
import PapersEntity

/// Reads arXiv's Atom feeds with libxml2's streaming reader, one entry at a time.
///
/// Memory stays flat however long the feed is: the reader keeps only the current node, and each
/// paper goes to `onEntry` as soon as its `</entry>` is read. Elements are told apart by
/// namespace URI and local name, never by prefix, and links by their `href` alone, because the
/// API has moved namespace declarations, dropped `rel`/`title`/`type` and switched http to https
/// over the years. An error feed (an entry titled `Error` by `arXiv api core`) throws
/// `DomainError.remote` with the API's message; anything that is not a well-formed Atom feed
/// throws `DomainError.badData`.
public struct AtomFeedParser: Sendable {
    /// Creates a parser.
    public init() {}

    /// Parses a feed held in memory (an HTTP body), handing each paper to `onEntry`.
    ///
    /// - Parameter source: names the input in error messages, such as the URL.
    @discardableResult
    public func parse(_ data: Data, source: String, onEntry: (Paper) throws -> Void) throws -> FeedHeader {
        try data.withUnsafeBytes { raw -> FeedHeader in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count > 0 else {
                throw DomainError.badData("\(source) is empty, not an Atom feed; check the address or the file")
            }
            guard raw.count <= Int(Int32.max),
                  let reader = xmlReaderForMemory(base, Int32(raw.count), source, nil, AtomFeedParser.options)
            else { throw DomainError.badData("\(source) could not be read as XML") }
            var atom = AtomReader(reader: reader, source: source)
            return try atom.read(onEntry: onEntry)
        }
    }

    /// Parses a feed file in chunks, never holding the whole file, handing each paper to `onEntry`.
    @discardableResult
    public func parse(fileAt url: URL, onEntry: (Paper) throws -> Void) throws -> FeedHeader {
        let path = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw DomainError.notFound("no file at \(path); check the path")
        }
        guard FileManager.default.isReadableFile(atPath: path),
              let reader = xmlReaderForFile(path, nil, AtomFeedParser.options)
        else { throw DomainError.storage("cannot read \(path); check its permissions") }
        var atom = AtomReader(reader: reader, source: path)
        return try atom.read(onEntry: onEntry)
    }

    /// Parses a feed held in memory into one page: its header and every paper.
    public func page(_ data: Data, source: String) throws -> FeedPage {
        var papers: [Paper] = []
        let header = try parse(data, source: source) { papers.append($0) }
        return FeedPage(header: header, papers: papers)
    }

    /// No network (no external DTDs or entities), libxml2's compact text nodes (as `xmllint
    /// --stream` uses), and no whitespace-only nodes between elements: fewer nodes reach the
    /// loop (measured a few percent faster than keeping them).
    static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_COMPACT.rawValue | XML_PARSE_NOBLANKS.rawValue)
}
