import ArgumentParser

/// The `strata` tool: scaffolds features and checks the architecture.
@main
struct Strata: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "Scaffold layered features and keep the architecture honest.",
        subcommands: [NewCommand.self, RemoveCommand.self, TemplatesCommand.self]
    )
}
