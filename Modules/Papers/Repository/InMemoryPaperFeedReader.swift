import Foundation
import PapersEntity
import Synchronization

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

    /// Hands over the papers held for `file`, in one batch.
    public func read(_ file: URL, onPapers: ([Paper]) async throws -> Void) async throws {
        guard let papers = files.withLock({ $0[file.path] }) else { throw PapersError.fileNotFound(file.path) }
        try await onPapers(papers.get())
    }
}
