import ArgumentParser
import Foundation
import StrataLint
import StrataScaffold

/// `strata init`: writes a strata.yml that accepts the package as it is, and a baseline of today's violations.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented strata.yml inferred from the package, and a baseline so the first lint passes.",
        discussion: """
            Layers come from naming families (…Entity, …Client, …ClientLive) and the dependency graph; \
            may_use is what each layer uses today. Exit codes: 0 written (or printed), 67 strata.yml \
            exists (pass --force), 66 no package here, 2 the manifest cannot be read.
            """
    )

    @OptionGroup var source: PackageSource

    @Flag(name: .long, help: "Print the strata.yml it would write; write nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Replace an existing strata.yml and baseline.")
    var force = false

    func run() throws {
        try runScaffold {
            let writer = try ConfigFileWriter(path: source.path)
            // Refuse before reading the package: the answer does not depend on it.
            if !dryRun { try writer.refuseExisting(["strata.yml"], force: force) }
            // A dry run writes nothing, the manifest cache under .build/strata included.
            var reading = source.reading
            reading.readOnly = dryRun
            let proposal = try reportingConfigErrors {
                try Initializer.propose(
                    packageDirectory: writer.root.url, packageJSON: source.packageJSONURL, reading: reading)
            }
            let summary =
                "\(proposal.layers) layers, \(proposal.knownViolations) known violation(s)"
                + (proposal.knownViolations > 0 ? " in \(Initializer.baselineFile)" : "")
            if dryRun {
                Console.error("strata: would write strata.yml: \(summary)")
                return proposal.rules
            }
            var files = [ConfigFileWriter.File(path: "strata.yml", contents: Data(proposal.rules.utf8))]
            if let baseline = proposal.baseline {
                files.append(ConfigFileWriter.File(path: Initializer.baselineFile, contents: baseline))
            }
            let lines = try writer.write(files, force: force)
            return lines.joined(separator: "\n") + "\nstrata: \(summary); run `strata lint` to check\n"
        }
    }
}
