import ArgumentParser
import Foundation
import StrataLint
import StrataScaffold

/// `strata lint --fix`: settles the dependency findings in Package.swift, then lints again.
extension Lint {
    func runFix() throws {
        var options = package.lintOptions(baseline: baseline)
        options.platform = platform
        // A dry run writes nothing under .build/strata: neither the manifest's cache nor the sources'.
        options.reading.readOnly = dryRun
        if dryRun && options.sourceCache == .readWrite { options.sourceCache = .readOnly }
        let before = try reportingConfigErrors { try Linter.run(options) }
        let plan: DependencyFixes
        do {
            let root = try PackageRoot(path: options.packageDirectory.path)
            try root.refuseVersionedManifests(advice: "--fix edits only Package.swift, so fix the dependencies by hand")
            guard let data = FileManager.default.contents(atPath: root.manifest.path) else {
                throw StrataError.storage("cannot read \(root.manifest.path); check its permissions")
            }
            plan = DependencyFixes(
                findings: before.findings, graph: before.graph, manifest: String(decoding: data, as: UTF8.self))
            if !dryRun { try plan.apply(to: root) }
        } catch let error as StrataError {
            Console.error("strata: error: \(error.message)")
            throw ExitCode(error.exitCode)
        }
        for (target, reason, count) in plan.refused {
            Console.error("strata: cannot fix the \(count) dependency finding(s) of \(target): \(reason)")
        }
        let remaining: [Finding]
        if dryRun {
            Console.out(plan.diff)
            for fix in plan.fixes { Console.error("strata: would fix \(fix.description)") }
            remaining = before.findings.filter { !$0.known && !plan.settles($0) }
        } else {
            for fix in plan.fixes { Console.out("fixed \(fix.description)\n") }
            var after = try reportingConfigErrors { try Linter.run(options) }
            remaining = after.findings.filter { !$0.known }
            after.findings = remaining
            if !remaining.isEmpty {
                Console.out(
                    try Reporter.render(
                        after.placingManifestFindings(), format: format, baselinePath: baseline ?? after.rules.baseline)
                )
            }
        }
        Console.error(
            "strata: \(plan.fixes.count) dependency change(s) \(dryRun ? "would be " : "")made; \(remaining.count) finding(s) remain\(remaining.isEmpty ? "" : " (they need a person)")"
        )
        throw ExitCode(remaining.isEmpty ? 0 : 1)
    }
}
