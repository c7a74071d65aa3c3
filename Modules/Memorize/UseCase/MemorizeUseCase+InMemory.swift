import Core
import Foundation
import MemorizeEntity
import MemorizeRepository

extension MemorizeUseCase {
    /// A use case over in-memory themes and scores, a seeded source and a fixed clock: for tests and previews.
    public static func inMemory(
        themes: [Theme] = BuiltInThemes.all,
        records: [ScoreRecord] = [],
        random: RandomSource = .seeded(0),
        clock: WallClock = .fixed(Date(timeIntervalSince1970: 1_700_000_000))
    ) -> MemorizeUseCase {
        MemorizeUseCase(
            themes: InMemoryThemeRepository(themes: themes), scores: InMemoryScoreRepository(records: records),
            random: random, clock: clock)
    }
}
