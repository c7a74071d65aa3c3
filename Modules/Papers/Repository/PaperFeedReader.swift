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

/// Saved responses read with libxml2, in chunks, never holding a whole file: arXiv API feeds
/// (Atom) and OAI-PMH responses (arXivRaw or arXiv format), told apart by their root element.
///
/// Deleted records in an OAI-PMH file carry no paper, so an import skips them; a harvest marks them withdrawn.
public struct FilePaperFeedReader: PaperFeedReader {
    private let atom: AtomFeedParser
    private let oai: OAIParser

    /// Creates a reader that hands each file to the parser of its kind.
    public init(atom: AtomFeedParser = AtomFeedParser(), oai: OAIParser = OAIParser()) {
        self.atom = atom
        self.oai = oai
    }

    /// Parses the file at `file`, a chunk at a time.
    ///
    /// - Throws: as the parsers do; `PapersError.apiError` for a saved OAI-PMH error response
    ///   (an empty `noRecordsMatch` list is no error: it holds no papers).
    public func read(_ file: URL, onPapers: ([Paper]) async throws -> Void) async throws {
        do {
            try await atom.read(fileAt: file, onPapers: onPapers)
        } catch PapersError.badFeed(_, .notAtom(let root, let namespace))
            where root == "OAI-PMH" && namespace == OAIParser.namespace
        {
            let response = try await oai.read(fileAt: file) { records in
                let papers = OAIPage(records: records, response: OAIResponse()).papers
                if !papers.isEmpty { try await onPapers(papers) }
            }
            if let error = response.error, error.code != "noRecordsMatch" {
                throw PapersError.apiError("\(error.code): \(error.message)")
            }
        }
    }
}
