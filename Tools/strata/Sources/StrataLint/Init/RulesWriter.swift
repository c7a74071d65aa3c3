/// Writes inferred layers as a commented strata.yml.
enum RulesWriter {
    /// The rules file's text; `baseline` is the baseline file's path when there are known violations.
    static func text(_ inferred: InferredLayers, packageName: String, baseline: String?) -> String {
        var lines = [
            "# The architecture rules of \(packageName), as `strata init` found the package: the first",
            "# `strata lint` passes, and any new dependency across these layers fails it. Read them, rename",
            "# the layers, tighten `may_use`, and commit this file (docs/StrataLint.md describes the format).",
            "#",
            "# How the layers were found: targets whose names end alike (…Entity, …Client, …ClientLive) form",
            "# a naming family; a family repeating per feature selects with `{feature}`. The targets no family",
            "# explains are grouped by depth in the dependency graph. Layers are tried in order: a target",
            "# belongs to the first layer that matches it. `may_use` is the whole list of what a layer's",
            "# targets may declare and import besides the toolchain's modules (Foundation, Dispatch, …):",
            "# anything else, another package's product included, fails the check.",
            "version: 2",
            "",
        ]
        if let baseline {
            lines += [
                "# Every violation found today, so the first run passes: fix them and rewrite it with",
                "# `strata lint --write-baseline \(baseline)`; entries that no longer occur are reported as stale.",
                "baseline: \(baseline)",
                "",
            ]
        }
        if !inferred.features.isEmpty {
            lines += [
                "# Features found: \(InferredLayers.list(inferred.features.sorted())).",
                "features:",
                "  # \(inferred.independent ? "No module of one feature uses a module of another today." : "Set to false: modules of one feature use modules of another today.")",
                "  independent: \(inferred.independent)",
                "  # \(inferred.isolated ? "No module outside the features uses a feature module today." : "Set to false: modules outside the features use feature modules today.")",
                "  isolated: \(inferred.isolated)",
                "",
            ]
        }
        lines.append("layers:")
        for layer in inferred.layers {
            lines += layerLines(layer)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func layerLines(_ layer: InferredLayers.Layer) -> [String] {
        var lines = ["  # \(capitalized(layer.why))."]
        if !layer.tightenedAway.isEmpty {
            lines.append(
                "  # Not in may_use, as they use this layer more than it uses them (baselined today): \(layer.tightenedAway.joined(separator: ", "))."
            )
        }
        lines.append("  - name: \(quoted(layer.name))")
        switch layer.selection {
        case .feature(let suffix): lines.append("    targets: [\(quoted("{feature}" + suffix))]")
        case .glob(let suffix): lines.append("    targets: [\(quoted("*" + suffix))]")
        case .names: lines.append("    targets: [\(layer.members.map(quoted).joined(separator: ", "))]")
        case .tests:
            lines += ["    targets: [\"{target}Tests\"]", "    tests: true"]
        }
        if layer.optional {
            lines.append("    optional: true   # not every feature has one")
        }
        lines.append("    may_use: [\(layer.mayUse.map(quoted).joined(separator: ", "))]")
        if layer.holdsTests {
            lines.append("    unused: ignore   # test targets often declare more than they import")
        }
        lines.append("")
        return lines
    }

    /// A YAML double-quoted scalar: names such as `yes` or `on` must stay strings.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
