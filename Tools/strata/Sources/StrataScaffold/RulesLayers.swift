import Foundation

/// Adds a template set's layers to strata.yml when the rules have none of that name.
///
/// The layers go first in the `layers:` list (a target belongs to the first layer that matches
/// it), so a package's catch-all layers never take the new feature's targets.
enum RulesLayers {
    /// strata.yml's text with the layers it lacks, or `nil` when it has them all.
    ///
    /// - Throws: `StrataError.validation` when strata.yml has no `layers:` list to add to.
    static func adding(_ layers: [TemplateDescription.Layer], to rules: String, template: String) throws -> String? {
        var lines = rules.components(separatedBy: "\n")
        let present = Set(
            lines.compactMap { line -> String? in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("- name:") else { return nil }
                return trimmed.dropFirst("- name:".count).trimmingCharacters(in: .whitespaces)
                    .trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            })
        let missing = layers.filter { !present.contains($0.name) }
        guard !missing.isEmpty else { return nil }
        guard let list = lines.firstIndex(where: { $0.hasPrefix("layers:") }) else {
            throw StrataError.validation(
                "strata.yml has no `layers:` list to add the \(template) layers to; run `strata init --force` or add the list"
            )
        }
        let firstItem = lines[(list + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("- ") }
        let indentation = firstItem.map { String(lines[$0].prefix { $0 == " " }) } ?? "  "
        // Comments directly above the first item stay with it.
        var position = firstItem ?? list + 1
        while position > list + 1, lines[position - 1].trimmingCharacters(in: .whitespaces).hasPrefix("#") {
            position -= 1
        }
        var block = [
            "\(indentation)# The layers of a feature made by `strata new` (template \(template)), first so they match first."
        ]
        for layer in missing {
            block.append("\(indentation)- name: \(layer.name)")
            block.append("\(indentation)  targets: [\(layer.targets.map { "\"\($0)\"" }.joined(separator: ", "))]")
            if layer.tests { block.append("\(indentation)  tests: true") }
            block.append("\(indentation)  may_use: [\(layer.mayUse.joined(separator: ", "))]")
        }
        block.append("")
        lines.insert(contentsOf: block, at: position)
        return lines.joined(separator: "\n")
    }
}
