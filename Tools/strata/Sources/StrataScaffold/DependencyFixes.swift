import Foundation
import StrataLint

/// `strata lint --fix`: the manifest edits that settle the dependency findings, planned, then
/// written all at once and checked by SwiftPM.
///
/// Only `implicit-dependency` (an import the target does not declare) and `unused-dependency`
/// (a declaration nothing imports) have one right answer; every other finding needs a person.
public struct DependencyFixes: Sendable {
    /// The rules whose findings `--fix` settles.
    public static let rules: Set<String> = [BuiltInRule.implicitDependency.id, BuiltInRule.unusedDependency.id]

    /// One finding the plan settles, and how.
    public struct Fix: Sendable, Equatable {
        /// The rule, the target and the dependency, as the finding gives them.
        public var rule: String
        public var target: String
        public var dependency: String
        /// The entry added to the target's `dependencies:` (nil for a removal).
        public var added: String?

        /// One line for a person: `implicit-dependency: A now declares "B"`.
        public var description: String {
            added.map { "\(rule): \(target) now declares \($0)" }
                ?? "\(rule): \(target) no longer declares \(dependency)"
        }
    }

    /// The manifest before and after every fix.
    public let before: String
    public let after: String
    /// The fixes made, in the order of the findings.
    public let fixes: [Fix]
    /// The targets whose dependency findings the editor could not settle, with why
    /// (`Package.swift:LINE:COL: …`) and how many findings stay.
    public let refused: [(target: String, reason: String, findings: Int)]

    /// Plans the fixes of `findings` against `manifest`, the text of the package's Package.swift.
    ///
    /// A product is declared the way another target of the package already declares it, so the
    /// package identity is SwiftPM's own; a finding the editor refuses is left as it is.
    public init(findings: [Finding], graph: PackageGraph, manifest: String) {
        // One fix per target and dependency, however many files import it.
        var planned: [Fix] = []
        var findingsOf: [String: [Finding]] = [:]
        for finding in findings where Self.rules.contains(finding.rule) {
            guard let dependency = finding.dependency else { continue }
            findingsOf[finding.target, default: []].append(finding)
            guard !planned.contains(where: { $0.target == finding.target && $0.dependency == dependency }) else {
                continue
            }
            planned.append(
                Fix(
                    rule: finding.rule, target: finding.target, dependency: dependency,
                    added: finding.rule == BuiltInRule.implicitDependency.id
                        ? Self.entry(for: dependency, in: graph) : nil))
        }
        var targets: [String] = []
        for fix in planned where !targets.contains(fix.target) { targets.append(fix.target) }
        let changes = targets.map { target in
            let fixes = planned.filter { $0.target == target }
            return ManifestEditor.DependencyChange(
                target: target, adding: fixes.compactMap(\.added),
                removing: fixes.filter { $0.added == nil }.map(\.dependency))
        }
        let result = ManifestEditor.changingDependencies(changes, in: manifest)
        before = manifest
        after = result.text
        fixes = planned.filter { result.refused[$0.target] == nil }
        refused = targets.compactMap { target in
            result.refused[target].map { (target, "\($0)", findingsOf[target]?.count ?? 0) }
        }
    }

    /// How `dependency` is written in a `dependencies:` array: a sibling by name, a product as
    /// another target declares it.
    static func entry(for dependency: String, in graph: PackageGraph) -> String {
        guard graph.target(named: dependency) == nil else { return "\"\(dependency)\"" }
        let declared = graph.targets.flatMap(\.dependencies).first { $0.isProduct && $0.name == dependency }
        guard let package = declared?.package else { return "\"\(dependency)\"" }
        return ".product(name: \"\(dependency)\", package: \"\(package)\")"
    }

    /// Whether a finding is one the plan settled.
    public func settles(_ finding: Finding) -> Bool {
        fixes.contains { $0.rule == finding.rule && $0.target == finding.target && $0.dependency == finding.dependency }
    }

    /// The change as a unified diff of Package.swift; empty when nothing changes.
    public var diff: String {
        UnifiedDiff.make(old: before, new: after, oldName: "a/Package.swift", newName: "b/Package.swift")
    }

    /// Writes the new manifest, then SwiftPM must read it; on any failure the old bytes are put back.
    ///
    /// - Throws: `StrataError.validation` when SwiftPM rejects the result (rolled back), `.storage` when writing fails.
    public func apply(to root: PackageRoot, validator: any ManifestValidator = SwiftPMValidator()) throws {
        guard after != before else { return }
        let transaction = FileTransaction(root: root, beforeStep: { _ in })
        do {
            try transaction.replaceFile(root.manifest, with: Data(after.utf8))
            try transaction.check("check Package.swift with SwiftPM") { _ = try validator.summary(of: root.url) }
        } catch {
            throw Scaffolder.rolledBack(error, transaction)
        }
    }
}
