import Foundation

/// Package.swift under `strata upgrade`: the entries a template set adds follow the per-file rules.
extension FeatureUpgrader {
    /// Package.swift: the `Feature(…)` line replaced when it is the recorded one, new targets added through `ManifestEditor`.
    func upgradeManifest(
        _ rendered: RenderedFeature, manifest: inout String, record next: inout GenerationRecord,
        outcomes: inout [FileUpgrade], existingTargets: () throws -> Set<String>
    ) throws -> [String] {
        let path = "Package.swift"
        if let entry = rendered.manifestEntry, let line = record.manifestLine {
            let newLine = String(line.prefix { $0 == " " || $0 == "\t" }) + entry + ","
            var lines = manifest.components(separatedBy: "\n")
            let matching = lines.indices.filter { lines[$0] == line }
            if newLine != line, matching.count == 1, let index = matching.first {
                lines[index] = newLine
                manifest = lines.joined(separator: "\n")
                next.manifestLine = newLine
                outcomes.append(FileUpgrade(path, .updated, note: "the \(record.feature) line is now \(entry)"))
            } else if newLine != line {
                outcomes.append(
                    FileUpgrade(
                        path, .left,
                        note:
                            "the \(record.feature) line is not the one recorded; the template now writes \(entry): change it by hand"
                    ))
            }
        }
        let recordedTargets = Set(record.targets)
        let adding = rendered.modules.filter { !recordedTargets.contains($0.name) }
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
            if let base = bases[name], let removed = Self.replacing(base, with: nil, in: manifest) {
                manifest = removed
                outcomes.append(
                    FileUpgrade(path, .deleted, note: "target \(name), which the template no longer declares"))
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
            if let replaced = Self.replacing(base, with: module.manifestEntry, in: manifest) {
                manifest = replaced
                outcomes.append(FileUpgrade(path, .updated, note: "the entry of \(module.name)"))
            } else {
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

    /// `manifest` with the one line holding exactly `entry` (and a comma) replaced by `replacement`, or removed; `nil` unless there is exactly one.
    static func replacing(_ entry: String, with replacement: String?, in manifest: String) -> String? {
        var lines = manifest.components(separatedBy: "\n")
        let matching = lines.indices.filter {
            let trimmed = lines[$0].trimmingCharacters(in: .whitespaces)
            return trimmed == entry || trimmed == entry + ","
        }
        guard matching.count == 1, let index = matching.first else { return nil }
        if let replacement {
            let line = lines[index]
            let indentation = String(line.prefix { $0 == " " || $0 == "\t" })
            lines[index] = indentation + replacement + (line.hasSuffix(",") ? "," : "")
        } else {
            lines.remove(at: index)
        }
        return lines.joined(separator: "\n")
    }

    /// The `name:` of a rendered `targets:` entry.
    private static func targetName(in entry: String) -> String {
        guard let start = entry.range(of: "name: \"")?.upperBound, let end = entry[start...].firstIndex(of: "\"") else {
            return entry
        }
        return String(entry[start..<end])
    }
}
