import ArgumentParser
import Foundation
import StrataLint
import StrataScaffold

/// `strata lint`: checks the package against its architecture rules.
struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the package's targets and imports against strata.yml.",
        discussion: """
            Exit status: 0 when clean (warnings allowed), 1 on violations not in the baseline, 2 on a configuration error, 64 on a usage error.
            With --fix: 0 when no finding remains (warnings included), 1 when some remain, 65 when SwiftPM rejects the edited manifest (it is put back).

            Example: strata lint --format json
            Example: strata lint --fix --dry-run
            """
    )

    @OptionGroup var package: PackageOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Output format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "format"))
    var format: ReportFormat = .text

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Known violations: reported as known, they do not fail the run (default: strata.yml's `baseline`).",
            valueName: "file"))
    var baseline: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Write every current violation to this baseline file and exit 0.", valueName: "file"))
    var writeBaseline: String?

    @Option(
        name: .long, parsing: .upToNextOption,
        help: ArgumentHelp(
            "Check only these Swift files' imports, with every manifest-level rule (for pre-commit hooks).",
            valueName: "file"))
    var changed: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Report only the findings about this target (repeatable): what the build-tool plugin checks per target.",
            valueName: "name"))
    var target: [String] = []

    @Flag(
        name: .long,
        help:
            "Add the dependencies targets import but do not declare and remove the ones nothing imports, in Package.swift."
    )
    var fix = false

    @Flag(name: .long, help: "With --fix: print the change to Package.swift as a unified diff; write nothing.")
    var dryRun = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Read only the #if clauses this platform's builds compile (as os() names it; any: every platform, the default).",
            valueName: "name"))
    var platform: String?

    func validate() throws {
        if let platform, platform != "any", !Builds.platforms.contains(platform) {
            throw ValidationError(
                "--platform must be any or a name os() accepts: \(Builds.platforms.sorted().joined(separator: ", "))")
        }
        if dryRun && !fix { throw ValidationError("--dry-run goes with --fix; add --fix") }
        // --fix edits the manifest of the whole package and lints it again, which a saved dump,
        // a few files or a few targets cannot show.
        let narrowing = [
            ("--package-json", package.source.packageJSON != nil), ("--changed", !changed.isEmpty),
            ("--target", !target.isEmpty), ("--write-baseline", writeBaseline != nil),
        ].filter(\.1).map(\.0)
        if fix, let first = narrowing.first {
            throw ValidationError("--fix checks and edits the whole package; drop \(first)")
        }
    }

    func run() throws {
        if fix { return try runFix() }
        var options = package.lintOptions(baseline: baseline)
        if !changed.isEmpty {
            // Paths as git prints them, relative to here; files outside the package are not its sources.
            let root = options.packageDirectory.standardizedFileURL.path + "/"
            options.changedFiles = Set(
                changed.map { URL(fileURLWithPath: $0).standardizedFileURL.path }.filter { $0.hasPrefix(root) }
                    .map { String($0.dropFirst(root.count)) })
        }
        if !target.isEmpty { options.targets = Set(target) }
        options.platform = platform
        let result = try reportingConfigErrors { try Linter.run(options) }
        if let writeBaseline {
            let data = try Baseline(findings: result.findings).encoded()
            do {
                try ConfigFileWriter.writeUserFile(data, to: writeBaseline)
            } catch let error as StrataError {
                Console.error("strata: error: \(error.message)")
                throw ExitCode(2)
            }
            Console.error(
                "strata: wrote \(result.findings.filter { $0.severity == .error }.count) known violation(s) to \(writeBaseline)"
            )
            return
        }
        Console.out(
            try Reporter.render(
                result.placingManifestFindings(), format: format, baselinePath: baseline ?? result.rules.baseline))
        if !package.quiet { Console.error(Reporter.summary(result)) }
        // Ends the process here, as compilers do: freeing the facts of thousands of files one by
        // one costs more than the checks (the output is written, unbuffered, already).
        Foundation.exit(result.exitCode)
    }
}
