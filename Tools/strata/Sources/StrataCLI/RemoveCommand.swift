import ArgumentParser
import StrataScaffold

/// `strata remove NAME`: takes away exactly what `strata new NAME` made.
struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a feature `strata new` generated: its files, folders and Package.swift entry.",
        discussion: """
            Refuses when a generated file changed since (exit 67) unless --force, and for a feature \
            strata did not generate (exit 66). Files a developer added are kept.

            Example: strata remove Notes
            """
    )

    @Argument(help: "The feature's name, as given to `strata new`.")
    var name: String

    @OptionGroup var package: ScaffoldPackageOptions

    @Flag(name: .long, help: "Print what it would delete and the manifest diff; delete nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Remove the generated files even when they were changed since.")
    var force = false

    func run() throws {
        try runScaffold { try ScaffoldRunner(path: package.path).remove(name, force: force, dryRun: dryRun) }
    }
}
