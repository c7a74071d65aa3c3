/// Markdown tables the docs show, made from what the checker reads, so prose and gate agree.
public enum RulesReference {
    /// One row per layer of `rules`: what it holds, what it may use, which toolchain modules.
    public static func layerTable(_ rules: Rules) -> String {
        let layerNames = Set(rules.layers.map(\.name))
        var lines = [
            "| layer | holds | may use: layers | may use: modules and products | toolchain |", "|---|---|---|---|---|",
        ]
        for layer in rules.layers {
            let holds = layer.selectors.map { selector -> String in
                switch selector.selector {
                case .name(let pattern): "`\(pattern)`"
                case .path(let pattern): "targets in `\(pattern)`"
                case .kind(let kind): "\(kind) targets"
                }
            }
            var layers = layer.mayUse.map(\.name).filter(layerNames.contains)
            if layer.isTests { layers.append("its target and what its target may use") }
            let modules = layer.mayUse.map(\.name).filter { !layerNames.contains($0) }.map { "`\($0)`" }
            let toolchain: String =
                switch layer.toolchain {
                case .all: "all"
                case .only(let modules) where modules.isEmpty: "none"
                case .only(let modules): "only " + modules.map { "`\($0.name)`" }.joined(separator: ", ")
                }
            let name = layer.name + (layer.optional ? " (optional)" : "")
            lines.append(
                "| \(name) | \(holds.joined(separator: ", ")) | \(dash(layers)) | \(dash(modules)) | \(toolchain) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One row per built-in rule: its id, severity, where it points and what it means.
    public static func builtInRuleTable() -> String {
        var lines = ["| rule | severity | where | what |", "|---|---|---|---|"]
        for rule in BuiltInRule.allCases {
            lines.append("| `\(rule.id)` | \(rule.severityText) | \(rule.place) | \(rule.summary) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func dash(_ items: [String]) -> String { items.isEmpty ? "—" : items.joined(separator: ", ") }
}
