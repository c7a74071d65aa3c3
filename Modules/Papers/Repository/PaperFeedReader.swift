import Foundation
import PapersEntity

/// Reads saved Atom feeds (arXiv API responses kept as files) for an import.
///
/// The use case asks for papers by file and never opens one itself: the factory injects the
/// libxml2 reader, tests an in-memory one.
public protocol PaperFeedReader: Sendable {
    /// Reads the feed at `file`, handing each paper to `onEntry` as soon as it is read.
    ///
    /// Synchronous on purpose: an import calls it inside `PaperLibrary.importing`'s producer,
    /// which runs on a thread of its own beside SQLite's writer, never on the caller's.
    ///
    /// - Throws: `PapersError.fileNotFound`, `.fileNotReadable`, `.badFeed`, or `.apiError` for a saved error response.
    func read(_ file: URL, onEntry: (Paper) throws -> Void) throws
}

/// Feed files read with `AtomFeedParser` (libxml2), in chunks, never holding a whole file.
public struct AtomPaperFeedReader: PaperFeedReader {
    private let parser: AtomFeedParser

    /// Creates a reader that hands `parser` each file.
    public init(parser: AtomFeedParser = AtomFeedParser()) {
        self.parser = parser
    }

    /// Parses the file at `file`.
    public func read(_ file: URL, onEntry: (Paper) throws -> Void) throws {
        try parser.parse(fileAt: file, onEntry: onEntry)
    }
}
