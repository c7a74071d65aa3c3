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

/// Files read in chunks, never whole, gzip-compressed or plain: arXiv API feeds (Atom) and
/// OAI-PMH responses (arXivRaw or arXiv format), told apart by their root element, and arXiv's
/// metadata snapshot (JSON lines), told by its first character.
///
/// Deleted records in an OAI-PMH file carry no paper, so an import skips them; a harvest marks them withdrawn.
public struct FilePaperFeedReader: PaperFeedReader {
    private let atom: AtomFeedParser
    private let oai: OAIParser
    private let snapshot: SnapshotParser

    /// Creates a reader that hands each file to the parser of its kind.
    public init(
        atom: AtomFeedParser = AtomFeedParser(), oai: OAIParser = OAIParser(),
        snapshot: SnapshotParser = SnapshotParser()
    ) {
        self.atom = atom
        self.oai = oai
        self.snapshot = snapshot
    }

    /// Parses the file at `file`, a chunk at a time.
    ///
    /// - Throws: as the parsers do; `PapersError.oaiError` for a saved OAI-PMH error response
    ///   (an empty `noRecordsMatch` list is no error: it holds no papers).
    public func read(_ file: URL, onPapers: ([Paper]) async throws -> Void) async throws {
        // One opening: standard input cannot be read twice, so the format is told from a peeked chunk.
        let opened = try FeedFile(file, chunkSize: atom.chunkSize)
        let head = try opened.peek()
        if FeedSniffer.firstNonBlank(head) == UInt8(ascii: "{") {
            try await snapshot.read(opened, onPapers: onPapers)
        } else if FeedSniffer.rootElement(head) == "OAI-PMH" {
            let response = try await oai.read(opened) { records in
                let papers = records.compactMap(\.paper)
                if !papers.isEmpty { try await onPapers(papers) }
            }
            if let error = response.error, error.code != "noRecordsMatch" {
                throw PapersError.oaiError(code: error.code, message: error.message)
            }
        } else {
            try await atom.read(opened, onPapers: onPapers)
        }
    }
}
