import Foundation
import Yams

/// Adds a template set's layers to strata.yml when the rules have none of that name.
///
/// The layers go first in the `layers:` list (a target belongs to the first layer that matches
/// it), so a package's catch-all layers never take the new feature's targets.
enum RulesLayers {
    /// strata.yml's text with the layers it lacks, or `nil` when it has them all.
    ///
    /// - Throws: `StrataError.validation` when strata.yml has no block `layers:` list to add to
    ///   (a flow list `[…]` is refused at its line rather than broken).
    static func adding(_ layers: [TemplateDescription.Layer], to rules: String, template: String) throws -> String? {
        let layersNode: Node?
        do {
            layersNode = try Yams.compose(yaml: rules)?.mapping?["layers"]
        } catch {
            throw StrataError.validation("strata.yml is not valid YAML (\(error)); fix it, then run the command again")
        }
        let byHand = "add the layers \(layers.map(\.name).joined(separator: ", ")) by hand; nothing was written"
        guard let layersNode, let sequence = layersNode.sequence else {
            throw StrataError.validation(
                "strata.yml has no `layers:` list to add the \(template) layers to; add one (`layers:` with one `- name:` item per layer), or \(byHand)"
            )
        }
        let present = Set(sequence.compactMap { $0.mapping?["name"]?.string })
        let missing = layers.filter { !present.contains($0.name) }
        guard !missing.isEmpty else { return nil }
        // A CRLF file keeps its line endings (one Character in a Swift string, so split on the pair).
        let newline = rules.contains("\r\n") ? "\r\n" : "\n"
        var lines = rules.components(separatedBy: newline)
        // A flow list starts with `[` where the sequence starts (Yams does not keep a parsed list's style).
        if let mark = sequence.mark, lines.indices.contains(mark.line - 1),
            lines[mark.line - 1].unicodeScalars.dropFirst(mark.column - 1).first == "["
        {
            throw StrataError.validation(
                "strata.yml:\(mark.line):\(mark.column): `layers:` is a flow list ([…]), and strata adds layers only to a block list (one `- name:` item per line); rewrite it as one, or \(byHand)"
            )
        }
        guard let list = lines.firstIndex(where: { $0.hasPrefix("layers:") }) else {
            throw StrataError.validation("strata.yml's `layers:` is not at the start of a line; \(byHand)")
        }
        let firstItem = sequence.first?.mark.map { $0.line - 1 }.flatMap { lines.indices.contains($0) ? $0 : nil }
        let indentation = firstItem.map { String(lines[$0].prefix { $0 == " " }) } ?? "  "
        // Comments directly above the first item stay with it.
        var position = firstItem ?? list + 1
        while position > list + 1, lines[position - 1].trimmingCharacters(in: .whitespaces).hasPrefix("#") {
            position -= 1
        }
        let header =
            "\(indentation)# The layers of a feature made by `strata new` (template \(template)), first so they match first."
        // Layers a newer version of the set adds join the set's earlier ones, under their one header.
        let joining = lines.indices.contains(position) && lines[position] == header
        var block = joining ? [] : [header]
        for layer in missing {
            block.append("\(indentation)- name: \(layer.name)")
            block.append("\(indentation)  targets: [\(layer.targets.map { "\"\($0)\"" }.joined(separator: ", "))]")
            if layer.tests { block.append("\(indentation)  tests: true") }
            block.append("\(indentation)  may_use: [\(layer.mayUse.joined(separator: ", "))]")
        }
        if !joining { block.append("") }
        lines.insert(contentsOf: block, at: joining ? position + 1 : position)
        return lines.joined(separator: newline)
    }
}
