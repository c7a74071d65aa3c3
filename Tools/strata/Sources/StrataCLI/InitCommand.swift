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
            may_use is what each layer uses today, every product of another package included \
            (version 2: anything a layer does not list fails the check). --upgrade-rules moves an \
            existing version-1 strata.yml to version 2 instead, adding to each layer's may_use what \
            it uses today that no layer lists and keeping everything else as written. Exit codes: 0 \
            written (or printed), 67 strata.yml exists (pass --force), 66 no package here (or, with \
            --upgrade-rules, no strata.yml), 2 the manifest or strata.yml cannot be read.
            """
    )

    @OptionGroup var source: PackageSource

    @Flag(
        name: .long,
        help: "Print the strata.yml it would write (with --upgrade-rules, the change as a unified diff); write nothing."
    )
    var dryRun = false

    @Flag(
        name: .long,
        help:
            "Move the existing version-1 strata.yml to version 2, listing in each layer's may_use what it uses today that no layer lists."
    )
    var upgradeRules = false

    @Flag(name: .long, help: "Replace an existing strata.yml and baseline.")
    var force = false

    func run() throws {
        try runScaffold {
            let writer = try ConfigFileWriter(path: source.path)
            if upgradeRules { return try upgrade(writer) }
            // Refuse before reading the package: the answer does not depend on it.
            if !dryRun { try writer.refuseExisting(["strata.yml"], force: force) }
            // A dry run writes nothing, the manifest cache under .build/strata included.
            var reading = source.reading
            reading.readOnly = dryRun
            let proposal = try reportingConfigErrors {
                try Initializer.propose(
                    packageDirectory: writer.root.url, packageJSON: source.packageJSONURL, reading: reading,
                    sourceCache: source.noCache ? .off : dryRun ? .readOnly : .readWrite)
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

    /// `--upgrade-rules`: the version-2 strata.yml, written in place or shown as a diff.
    private func upgrade(_ writer: ConfigFileWriter) throws -> String {
        guard try !writer.existing(["strata.yml"]).isEmpty else {
            throw StrataError.notFound("no strata.yml to upgrade; run `strata init` to write one at version 2")
        }
        let proposal = try reportingConfigErrors {
            try RulesUpgrade.propose(
                LintOptions(
                    packageDirectory: writer.root.url, packageJSON: source.packageJSONURL, reading: source.reading))
        }
        if proposal.wasCurrent {
            Console.error("strata: \(proposal.file) is at version 2 already; nothing to upgrade")
            return ""
        }
        let count = proposal.added.reduce(0) { $0 + $1.names.count }
        let listed =
            proposal.added.isEmpty
            ? "nothing to list"
            : proposal.added.map { "\($0.layer): \($0.names.joined(separator: ", "))" }.joined(separator: "; ")
        let summary = "\(proposal.file) to version 2, \(count) name(s) added to may_use (\(listed))"
        if dryRun {
            Console.error("strata: would upgrade \(summary)")
            return UnifiedDiff.make(
                old: proposal.original, new: proposal.upgraded, oldName: "a/\(proposal.file)",
                newName: "b/\(proposal.file)")
        }
        let lines = try writer.write(
            [ConfigFileWriter.File(path: proposal.file, contents: Data(proposal.upgraded.utf8))], force: true)
        return lines.joined(separator: "\n") + "\nstrata: upgraded \(summary); run `strata lint` to check\n"
    }
}
