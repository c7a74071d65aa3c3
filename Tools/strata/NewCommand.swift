import ArgumentParser
import StrataScaffold

/// `strata new NAME`: generates a feature that builds, passes its tests and passes `strata lint`.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Generate a feature: five layer modules, their tests, a CLI app and its Package.swift entry.",
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

    @Option(name: .long, help: "A template set folder to use instead of Tools/Templates/Feature.")
    var templates: String?

    func run() throws {
        try runScaffold { try ScaffoldRunner(path: package.path).new(name, templates: templates, dryRun: dryRun) }
    }
}
