import Foundation
import PapersEntity
import Synchronization

/// Reads saved Atom feeds (arXiv API responses kept as files) for an import.
///
/// The use case asks for papers by file and never opens one itself: the factory injects the
/// libxml2 reader, tests an in-memory one.
public protocol PaperFeedReader: Sendable {
    /// Reads the feed at `file`, handing each paper to `onEntry` as soon as it is read.
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

/// Feed files in memory, by path, for tests: a path it does not hold is a missing file.
public final class InMemoryPaperFeedReader: PaperFeedReader {
    private let files: Mutex<[String: Result<[Paper], PapersError>]>

    /// Creates a reader holding the papers of each file, by path.
    public init(files: [String: [Paper]] = [:]) {
        self.files = Mutex(files.mapValues { .success($0) })
    }

    /// Makes reading `path` fail with `error` (a damaged feed, a saved error response).
    public func fail(_ path: String, with error: PapersError) {
        files.withLock { $0[path] = .failure(error) }
    }

    /// Hands over the papers held for `file`.
    public func read(_ file: URL, onEntry: (Paper) throws -> Void) throws {
        guard let papers = files.withLock({ $0[file.path] }) else { throw PapersError.fileNotFound(file.path) }
        for paper in try papers.get() { try onEntry(paper) }
    }
}
