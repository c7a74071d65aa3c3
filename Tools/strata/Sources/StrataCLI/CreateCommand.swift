import ArgumentParser
import StrataScaffold

/// `strata create NAME`: starts a new package of the monorepo's shape, ready for `strata new`.
struct CreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a new package of this shape: Core, AppSupport, an empty feature list, Makefile, CI, rules.",
        discussion: """
            Then `strata new NAME` adds features to it, and `make test` checks it. Exit codes: 64 bad name, \
            67 the folder exists and is not empty, 74 I/O.

            Example: strata create Shop && cd Shop && strata new Orders && make test
            """
    )

    @Argument(help: "The package's UpperCamelCase name, such as Shop.")
    var name: String

    @Option(name: .long, help: ArgumentHelp("Where to create it (default: ./NAME).", valueName: "dir"))
    var path: String?

    func run() throws {
        try runScaffold { try WorkspaceCreator(name: name, path: path).create() }
    }
}
