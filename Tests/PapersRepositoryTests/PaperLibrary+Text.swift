import PapersEntity
import PapersRepository

extension PaperLibrary {
    /// The first `limit` papers of a library search for `text`, as a person types it.
    func search(_ text: String, limit: Int) async throws -> [Paper] {
        try await search(QueryParser().parse(text), offset: 0, limit: limit).papers
    }
}
