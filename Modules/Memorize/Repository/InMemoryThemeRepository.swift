import Core
import MemorizeEntity

/// Themes held in memory: the built-in ones, or whatever a test gives.
public struct InMemoryThemeRepository: ThemeRepository {
    private let themes: [Theme]

    /// Creates a repository of `themes` (the built-in ones unless told otherwise).
    public init(themes: [Theme] = BuiltInThemes.all) { self.themes = themes }

    /// The themes given at creation.
    public func all() async throws -> [Theme] { themes }
}
