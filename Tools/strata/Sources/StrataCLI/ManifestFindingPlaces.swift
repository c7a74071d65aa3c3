import Foundation
import StrataLint
import StrataScaffold

extension LintResult {
    /// The result with each finding Package.swift holds placed at its line and column: the
    /// dependency's entry in the target's `dependencies:`, else the target's `name:`, where the
    /// manifest writes them out (one computed by code keeps no line). What an editor or a CI
    /// annotation attaches a finding to, as `strata lsp` does.
    func placingManifestFindings() -> LintResult {
        let manifest = { (finding: Finding) in
            finding.line == nil && (finding.file ?? "Package.swift") == "Package.swift"
        }
        guard findings.contains(where: manifest), let root = packageDirectory,
            let data = FileManager.default.contents(atPath: root.appendingPathComponent("Package.swift").path)
        else { return self }
        let places = ManifestPlaces(String(decoding: data, as: UTF8.self))
        var placed = self
        placed.findings = findings.map { finding in
            guard manifest(finding), let place = places.place(ofTarget: finding.target, dependency: finding.dependency)
            else { return finding }
            // The file stays as the checks wrote it: a baseline entry's key names it.
            var finding = finding
            finding.line = place.line
            finding.column = place.column
            return finding
        }
        return placed
    }
}
