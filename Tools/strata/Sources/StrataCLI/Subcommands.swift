import ArgumentParser

extension Strata {
    /// Every subcommand of `strata`; a new job adds its command type here, in its own file.
    static let subcommands: [any ParsableCommand.Type] = [
        CreateCommand.self, NewCommand.self, RemoveCommand.self, UpgradeCommand.self, TemplatesCommand.self,
        InitCommand.self, Lint.self,
        Graph.self, LSPCommand.self,
    ]
}
