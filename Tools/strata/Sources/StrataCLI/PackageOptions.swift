import ArgumentParser
import Foundation
import StrataLint
import StrataScaffold

/// Which package to read and how its manifest is read: what `lint`, `graph` and `init` share.
struct PackageSource: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The package's root folder (default: the nearest folder up from here with a Package.swift).",
            valueName: "dir"))
    var path: String?

    /// `--path`, else the package the current folder is in, else the current folder (whose
    /// missing Package.swift the checker then reports).
    var packageDirectory: URL {
        URL(fileURLWithPath: path ?? PackageRoot.enclosingPackage(of: FileManager.default.currentDirectoryPath) ?? ".")
    }

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Read the target graph from a saved `swift package dump-package` output instead of evaluating Package.swift.",
            valueName: "file"))
    var packageJSON: String?

    @Flag(
        name: .long,
        help:
            "Evaluate Package.swift and parse every Swift file instead of reusing what .build/strata/ keeps from earlier runs."
    )
    var noCache = false

    /// How the manifest is read, from the flags.
    var reading: GraphLoader.Reading { .init(cache: !noCache) }

    var packageJSONURL: URL? { packageJSON.map(URL.init(fileURLWithPath:)) }
}

/// Options every architecture command shares: which package, which rules.
struct PackageOptions: ParsableArguments {
    @OptionGroup var source: PackageSource

    @Option(
        name: .long, help: ArgumentHelp("The rules file (default: strata.yml in the package root).", valueName: "file"))
    var config: String?

    @Flag(name: .long, help: "Print no summary line on standard error.")
    var quiet = false

    func lintOptions(baseline: String? = nil) -> LintOptions {
        var options = LintOptions(
            packageDirectory: source.packageDirectory, rulesFile: config.map(URL.init(fileURLWithPath:)),
            packageJSON: source.packageJSONURL, baseline: baseline.map(URL.init(fileURLWithPath:)),
            reading: source.reading)
        options.sourceCache = source.noCache ? .off : .readWrite
        return options
    }

    /// Runs the checker; a configuration error is printed as `file:line:col: error: ...` and exits with 2.
    func lint(baseline: String? = nil) throws -> LintResult {
        try reportingConfigErrors { try Linter.run(lintOptions(baseline: baseline)) }
    }
}

/// Runs `body`; a configuration error is printed as `file:line:col: error: ...` and exits with 2.
func reportingConfigErrors<Value>(_ body: () throws -> Value) throws -> Value {
    do {
        return try body()
    } catch let error as ConfigError {
        Console.error(error.description)
        throw ExitCode(2)
    }
}

/// Writing to the standard streams.
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

extension ReportFormat: ExpressibleByArgument {}
extension GraphFormat: ExpressibleByArgument {}
