import ArgumentParser
import Core

/// `memorize`: the CS193p card-matching game in a terminal.
@main
struct Memorize: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memorize",
        abstract: "Memorize: turn cards two at a time and match the pairs (Stanford CS193p's game).",
        discussion: """
            Exit codes: 0 done, 64 bad arguments or input, 65 a rule broken (a card that is not on \
            the table, too many pairs), 66 unknown theme or missing themes file, 74 the score database \
            failed, 78 a themes file that cannot be understood.
            """,
        version: StrataVersion.current,
        subcommands: [Play.self, Themes.self, Scores.self, ServeCommand.self],
        defaultSubcommand: Play.self)
}
