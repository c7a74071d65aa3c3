import ArgumentParser
import StrataScaffold

/// `strata upgrade [NAME…]`: merges template changes into features generated earlier.
struct UpgradeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upgrade",
        abstract: "Merge the template's changes into generated features: three ways per file, with the record as base.",
        discussion: """
            Files you did not change are replaced, files only you changed are kept, both changed are \
            merged with `git merge-file`; conflicts are marked in the file (<<<<<<< yours … >>>>>>> template \
            VERSION). Everything is planned first and applied as one transaction. Exit codes: 0 done, \
            1 conflict markers left (or, with --check, a feature behind its template), 66 no such feature \
            or set, 65 SwiftPM rejects the manifest, 74 I/O, 78 a broken template or record.

            Example: strata upgrade --dry-run
            Example: strata upgrade --check   (in CI)
            """
    )

    @Argument(help: "The features to upgrade (default: every feature strata generated).")
    var names: [String] = []

    @OptionGroup var package: ScaffoldPackageOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Upgrade to this template set (a name from `strata templates` or a set's folder) instead of the recorded one.",
            valueName: "set"))
    var template: String?

    @Flag(name: .long, help: "Print what would happen to each file; write nothing.")
    var dryRun = false

    @Flag(
        name: .long,
        help: "Write nothing; exit 1 when a feature is behind its template or a generated file holds conflict markers.")
    var check = false

    func validate() throws {
        if dryRun && check { throw ValidationError("--check writes nothing already; drop --dry-run") }
    }

    func run() throws {
        var clean = true
        try runScaffold {
            let result = try ScaffoldRunner(path: package.path).upgrade(
                names, template: template, dryRun: dryRun, check: check)
            clean = result.clean
            return result.report
        }
        if !clean { throw ExitCode(1) }
    }
}
