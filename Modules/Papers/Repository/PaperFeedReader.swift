import Foundation
import PapersEntity

/// Reads saved Atom feeds (arXiv API responses kept as files) for an import.
///
/// The use case asks for papers by file and never opens one itself: the factory injects the
/// libxml2 reader, tests an in-memory one.
public protocol PaperFeedReader: Sendable {
    /// Reads the feed at `file`, handing its papers to `onPapers` a batch at a time, in the file's order.
    ///
    /// - Throws: `PapersError.fileNotFound`, `.fileNotReadable`, `.badFeed`, `.apiError` for a
    ///   saved error response, or what `onPapers` throws.
    func read(_ file: URL, onPapers: ([Paper]) async throws -> Void) async throws
}

/// Feed files read with `AtomFeedParser` (libxml2), in chunks, never holding a whole file.
public struct AtomPaperFeedReader: PaperFeedReader {
    private let parser: AtomFeedParser

    /// Creates a reader that hands `parser` each file.
    public init(parser: AtomFeedParser = AtomFeedParser()) {
        self.parser = parser
    }

    /// Parses the file at `file`, a chunk at a time.
    public func read(_ file: URL, onPapers: ([Paper]) async throws -> Void) async throws {
        try await parser.read(fileAt: file, onPapers: onPapers)
    }
}
