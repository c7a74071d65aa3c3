import ArgumentParser
import MemorizeFactory

/// Where the game keeps and finds things: the score database and the user's themes.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The SQLite file for high scores (default: $XDG_DATA_HOME/strata/memorize.sqlite).", valueName: "path"))
    var db: String?

    @Option(name: .long, help: ArgumentHelp(
        "A JSON file of extra themes (default: $MEMORIZE_THEMES when set).", valueName: "path"))
    var themesFile: String?

    /// The live feature over these options.
    func factory() throws -> MemorizeFactory {
        try MemorizeFactory.live(databasePath: db, themesFile: themesFile)
    }
}

/// How a command prints its result.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Aligned text for people.
    case text
    /// JSON for scripts.
    case json
}
