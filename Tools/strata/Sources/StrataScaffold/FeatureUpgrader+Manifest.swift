import Foundation
import SwiftParser

/// Package.swift under `strata upgrade`: the entries a template set adds follow the per-file rules.
extension FeatureUpgrader {
    /// Package.swift: the `Feature(…)` entry replaced when it is the recorded one, new targets added through `ManifestEditor`.
    func upgradeManifest(
        _ rendered: RenderedFeature, manifest: inout String, record next: inout GenerationRecord,
        outcomes: inout [FileUpgrade], existingTargets: () throws -> Set<String>
    ) throws -> [String] {
        let path = "Package.swift"
        if let entry = rendered.manifestEntry, let line = record.manifestLine,
            !ManifestSyntax.sameTokens(Parser.parse(source: entry), line)
        {
            do {
                let replaced = try FeatureList(text: manifest).replacing(record.feature, recorded: line, with: entry)
                manifest = replaced.text
                next.manifestLine = replaced.line
                outcomes.append(FileUpgrade(path, .updated, note: "the \(record.feature) entry is now \(entry)"))
            } catch {
                // An upgrade killed after writing Package.swift, before the record: the entry is the new one.
                if let current = FeatureList(text: manifest).line(of: record.feature, ifItIs: entry) {
                    next.manifestLine = current
                } else {
                    outcomes.append(
                        FileUpgrade(
                            path, .left,
                            note:
                                "the \(record.feature) entry is not the one recorded; the template now writes \(entry): change it by hand"
                        ))
                }
            }
        }
        let recordedTargets = Set(record.targets)
        // Entries already as the template renders them were added by an upgrade that did not get to write the record.
        let adding = rendered.modules.filter {
            !recordedTargets.contains($0.name) && !ManifestEditor.hasTarget($0.manifestEntry, in: manifest)
        }
        var added: [String] = []
        if !adding.isEmpty {
            let existing = try existingTargets()
            let clashing = adding.filter { existing.contains($0.name) }.map(\.name)
            if clashing.isEmpty {
                let before = manifest
                do {
                    manifest = try ManifestEditor.addingTargets(adding.map(\.manifestEntry), to: manifest)
                } catch {
                    throw StrataError.validation(
                        "\(error); nothing was written; add the targets \(adding.map(\.name).joined(separator: ", ")) by hand"
                    )
                }
                next.edits = (next.edits ?? []) + [TextEdit(file: path, old: before, new: manifest)]
                added = adding.map(\.name)
                outcomes.append(FileUpgrade(path, .added, note: "targets \(added.joined(separator: ", "))"))
            } else {
                outcomes.append(
                    FileUpgrade(
                        path, .left,
                        note:
                            "the template adds \(clashing.joined(separator: ", ")), which the package declares already: rename one by hand"
                    ))
            }
        }
        // An entry as `new` (or the last upgrade) wrote it is the user's unchanged: it follows the template.
        let bases = Dictionary((record.modules ?? []).map { (Self.targetName(in: $0), $0) }) { first, _ in first }
        var kept: [String] = []
        for name in record.targets where !rendered.targets.contains(name) {
            if let base = bases[name], let removed = ManifestEditor.replacingTarget(base, with: nil, in: manifest) {
                manifest = removed
                outcomes.append(
                    FileUpgrade(path, .deleted, note: "target \(name), which the template no longer declares"))
            } else if ManifestEditor.targetNames(in: manifest).map({ !$0.contains(name) }) == true {
                continue  // Gone already: taken out by hand, or by an upgrade that did not get to write the record.
            } else {
                kept.append(name)
                outcomes.append(
                    FileUpgrade(
                        path, .left,
                        note:
                            "the template no longer declares \(name) and its entry is not the one recorded: kept; remove it by hand once nothing uses it"
                    ))
            }
        }
        for module in rendered.modules {
            guard let base = bases[module.name], base != module.manifestEntry else { continue }
            if let replaced = ManifestEditor.replacingTarget(base, with: module.manifestEntry, in: manifest) {
                manifest = replaced
                outcomes.append(FileUpgrade(path, .updated, note: "the entry of \(module.name)"))
            } else if !ManifestEditor.hasTarget(module.manifestEntry, in: manifest) {
                outcomes.append(
                    FileUpgrade(
                        path, .left,
                        note:
                            "the entry of \(module.name) is not the one recorded; the template's is now \(module.manifestEntry): change it by hand"
                    ))
            }
        }
        next.targets = rendered.targets + kept
        next.modules = rendered.modules.isEmpty ? nil : rendered.modules.map(\.manifestEntry)
        return added
    }

    /// The `name:` of a rendered `targets:` entry.
    private static func targetName(in entry: String) -> String {
        guard let start = entry.range(of: "name: \"")?.upperBound, let end = entry[start...].firstIndex(of: "\"") else {
            return entry
        }
        return String(entry[start..<end])
    }
}
