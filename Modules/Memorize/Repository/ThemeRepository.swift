import Core
import MemorizeEntity

/// Where the game's themes come from.
public protocol ThemeRepository: Sendable {
    /// Every theme: the built-in ones first, then the user's, each name once.
    func all() async throws -> [Theme]
}
