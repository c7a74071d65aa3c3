import Core
import Foundation
import PapersEntity
import PapersRepository

extension PapersUseCase {
    /// A use case over in-memory papers: `remote` stands for arXiv, `library` for the local library, `feeds` for feed files by path, `harvests` for an OAI-PMH repository.
    ///
    /// The test value of the use case, so presenter tests build one without reaching the
    /// Repository layer themselves.
    public static func inMemory(
        library: [Paper] = [], remote: [Paper] = [], feeds: [String: [Paper]] = [:],
        harvests: any HarvestSource = InMemoryHarvestSource.empty(),
        announcements: any AnnouncementSource = InMemoryAnnouncementSource(
            .success(AnnouncementFeed(announcements: [], day: nil))),
        clock: WallClock
    ) -> PapersUseCase {
        PapersUseCase(
            source: InMemoryPaperSource(papers: remote), library: InMemoryPaperLibrary(papers: library),
            feeds: InMemoryPaperFeedReader(files: feeds), harvests: harvests, announcements: announcements, clock: clock
        )
    }
}
