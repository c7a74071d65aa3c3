import ArgumentParser
import StrataScaffold

/// `strata new NAME`: generates a feature that builds, passes its tests and passes `strata lint`.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Generate a feature: its layer modules, their tests, its Package.swift targets (and app).",
        discussion: """
            Everything is staged and checked first; the manifest is then checked by SwiftPM, and any \
            failure rolls every change back. Exit codes: 64 bad name, 67 something exists, 65 SwiftPM \
            rejects the manifest, 74 I/O, 78 broken template.

            Example: strata new Notes --dry-run
            """
    )

    @Argument(help: "The feature's UpperCamelCase name, such as Notes or HTTPLogs.")
    var name: String

    @OptionGroup var package: ScaffoldPackageOptions

    @Flag(name: .long, help: "Print every file it would create and the manifest diff; write nothing.")
    var dryRun = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The template set: a name from `strata templates`, or a set's folder (default: Feature in a package with a Feature(…) list, else Layers).",
            valueName: "set"))
    var template: String?

    func run() throws {
        try runScaffold { try ScaffoldRunner(path: package.path).new(name, template: template, dryRun: dryRun) }
    }
}
