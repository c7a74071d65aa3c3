import ArgumentParser
import StrataScaffold

/// `strata templates`: lists the template sets and what each makes.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List the template sets (Tools/Templates/*) and the files each makes.",
        discussion: "Example: strata templates"
    )

    @OptionGroup var package: ScaffoldPackageOptions

    @Option(name: .long, help: "Another template set folder to list as well.")
    var templates: String?

    func run() throws {
        try runScaffold { try ScaffoldRunner(path: package.path).templates(extra: templates) }
    }
}
