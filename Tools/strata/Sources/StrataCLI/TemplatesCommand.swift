import ArgumentParser
import StrataScaffold

/// `strata templates`: lists the template sets and what each makes.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List the template sets (built in, and the package's .strata/templates/*) and the files each makes.",
        discussion: "Example: strata templates"
    )

    @OptionGroup var package: ScaffoldPackageOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Copy this set into the package's .strata/templates/ to customize it; the copy replaces the built-in set.",
            valueName: "set"))
    var copy: String?

    func run() throws {
        try runScaffold {
            let runner = try ScaffoldRunner(path: package.path)
            return try copy.map(runner.copyTemplate) ?? runner.templates()
        }
    }
}
