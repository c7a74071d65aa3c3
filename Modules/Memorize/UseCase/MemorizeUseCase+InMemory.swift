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
        clock: WallClock = .reference
    ) -> MemorizeUseCase {
        MemorizeUseCase(
            themes: InMemoryThemeRepository(themes: themes), scores: InMemoryScoreRepository(records: records),
            random: random, clock: clock)
    }
}
